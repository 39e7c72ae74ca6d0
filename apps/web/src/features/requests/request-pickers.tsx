import { ActionIcon, Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, get, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { KEEP_ONE_DROPOFF, type RequestInput } from '@freightdesk/shared/schemas/request';
import { toast } from '../../components/feedback/feedback.tsx';
import type { SourceName } from '../../components/form/option-sources.ts';
import { MultiPickerField } from '../../components/form/picker-fields.tsx';
import { ServerSelect } from '../../components/form/server-select.tsx';
import { optionValue, parseOptionValue } from '../../components/form/use-server-options.ts';

/** A drop-off is a client address or one of the shipper's locations: one picker searches both. */
const DROPOFF_SOURCES = ['clientAddresses', 'stops'] as const satisfies readonly SourceName[];
type Dropoff = { addressId?: number; stopId?: number };

const toValue = (d: Dropoff | undefined): string | null =>
  d?.addressId
    ? optionValue(DROPOFF_SOURCES, 'clientAddresses', d.addressId)
    : d?.stopId
      ? optionValue(DROPOFF_SOURCES, 'stops', d.stopId)
      : null;

function toDropoff(value: string | null): Dropoff {
  const parsed = value ? parseOptionValue(DROPOFF_SOURCES, value) : null;
  if (!parsed) {
    return {};
  }
  return parsed.source === 'clientAddresses' ? { addressId: parsed.id } : { stopId: parsed.id };
}

const messageAt = (errors: object, path: string) => (get(errors, path) as { message?: string } | undefined)?.message;

/** The outbound request's drop-offs, in order; at least one stays (the spec's alert). */
export function DropoffList({ form }: { form: UseFormReturn<RequestInput> }) {
  const dropoffs = useFieldArray({ control: form.control, name: 'dropoffs' });
  const errors = form.formState.errors;
  // The list's own error (none at all) sits on the array or, for a field array, under `root`.
  const listError = errors.dropoffs?.message ?? errors.dropoffs?.root?.message;
  const remove = (i: number) => {
    if (dropoffs.fields.length === 1) {
      toast(KEEP_ONE_DROPOFF, 'error');
      return;
    }
    dropoffs.remove(i);
  };
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="xs">
        <Text fw={600} id="dropoffs-heading">
          Drop-off addresses <span style={{ color: 'var(--mantine-color-red-6)' }}>*</span>
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => dropoffs.append({})}
          data-path="dropoffs"
          data-label="Drop-off addresses"
        >
          Add drop-off
        </Button>
      </Group>
      {listError && (
        <Text c="red" size="sm" mb="xs">
          {listError}
        </Text>
      )}
      {dropoffs.fields.map((f, i) => (
        <Group key={f.id} align="flex-start" mb="xs" wrap="nowrap">
          <Controller
            control={form.control}
            name={`dropoffs.${i}`}
            render={({ field }) => (
              <ServerSelect
                source={DROPOFF_SOURCES}
                label={`Drop-off ${i + 1}`}
                placeholder="Type a client, address, location or city"
                style={{ flex: 1 }}
                data-path={`dropoffs.${i}`}
                ref={field.ref}
                value={toValue(field.value as Dropoff | undefined)}
                onChange={(v) => field.onChange(toDropoff(v))}
                onBlur={field.onBlur}
                error={
                  messageAt(errors, `dropoffs.${i}`) ??
                  messageAt(errors, `dropoffs.${i}.addressId`) ??
                  messageAt(errors, `dropoffs.${i}.stopId`)
                }
              />
            )}
          />
          <ActionIcon variant="subtle" color="red" aria-label={`Remove drop-off ${i + 1}`} onClick={() => remove(i)} mt={30}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Paper>
  );
}

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
