import { Button, Group } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { OrderDetail } from '@freightdesk/shared/schemas/order-detail';
import { ConsignmentNoteCard } from '../../domain/documents/consignment-note-card.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { NumberTextInput } from '../../components/form/number-input.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { useMakeConsignmentNote } from './api/order-moves.ts';

/** While a vehicle is on the order and the trip is not over, the carrier may make the note itself. */
const MAY_MAKE = new Set(['vehicle_assigned', 'reported', 'gate_in', 'loaded', 'unloaded', 'gate_out', 'arrived']);

/** Packages (optional) and "Make consignment note": the note in the carrier's series, before the gate makes it. */
function MakeNote({ order }: { order: OrderDetail }) {
  const [packages, setPackages] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const make = useMakeConsignmentNote(order.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    make.mutate(packages, {
      onSuccess: ({ data }) => toast(`Consignment note ${data.number} made for ${order.number}.`),
      onError: (err) => {
        const other = applyServerErrors<Record<string, string>>(err, (_name, e) => setError(e.message), ['packages']);
        if (other) {
          toast(other, 'error');
        }
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="xs">
        <NumberTextInput
          label="Packages"
          description="Leave empty for loose cargo"
          decimals={0}
          value={packages}
          onChange={(v) => setPackages(typeof v === 'number' && !Number.isNaN(v) ? v : undefined)}
          error={error}
          w={160}
        />
        <Button type="submit" variant="light" loading={make.isPending}>
          Make consignment note
        </Button>
      </Group>
    </form>
  );
}

/** The order's consignment note in the carrier's panel: read it, download it, or make it before the gate does. */
export function ConsignmentNoteSection({ order }: { order: OrderDetail }) {
  const outbound = order.requestType !== 2;
  return (
    <ConsignmentNoteCard
      heading={false}
      note={order.consignmentNote}
      pdfPath={`/carrier/orders/${order.id}/consignment-note/pdf`}
      empty={outbound ? 'Made at the plant’s gate out, or make it now.' : 'Make it when you pick up the goods.'}
      action={MAY_MAKE.has(order.status) ? <MakeNote order={order} /> : undefined}
    />
  );
}
