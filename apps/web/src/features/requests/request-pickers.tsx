import { SimpleGrid } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import type { RequestInput } from '@freightdesk/shared/schemas/request';
import { MultiPickerField } from '../../components/form/picker-fields.tsx';

/** Whom the request invites: carriers and carrier groups of My Carriers, searched as the user types. */
export function InviteFields({ form }: { form: UseFormReturn<RequestInput> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <MultiPickerField
        control={form.control}
        name="carrierLinkIds"
        source="carriers"
        label="Invite carriers"
        placeholder="Type a carrier"
      />
      <MultiPickerField
        control={form.control}
        name="groupIds"
        source="carrierGroups"
        label="Invite carrier groups"
        placeholder="Type a group"
      />
    </SimpleGrid>
  );
}
