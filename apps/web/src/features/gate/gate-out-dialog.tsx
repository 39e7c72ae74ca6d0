import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Group, Textarea } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import {
  GATE_DOCUMENT_LABEL,
  GATE_DOCUMENTS,
  type GateBoardRow,
  type GateOutBody,
  gateOutBodySchema,
} from '@freightdesk/shared/schemas/execution';
import { NumberField } from '../../components/form/number-field.tsx';
import { formatMinutes } from '../../lib/format.ts';
import { GateEwayBill } from './gate-eway-bill.tsx';
import type { Dir } from './gate-helpers.ts';
import { MoveDialog } from './move-dialog.tsx';
import { useGateMove } from './use-gate-move.ts';

type Values = Omit<GateOutBody, 'at'>;
const FIELDS = ['documents', 'remarks', 'packages'];

/**
 * Gate out: the time (now), the order's e-way bill (the guard may fetch and add it here), and the
 * documents the guard saw in the cabin: none ticked until the guard ticks it (issue 38). Outbound,
 * the packages loaded go on the consignment note the gate out makes.
 */
export function GateOutDialog({ dir, row, onClose }: { dir: Dir; row: GateBoardRow; onClose: () => void }) {
  const move = useGateMove<Values>(dir, row, 'gate-out', onClose);
  const form = useForm<Values>({
    resolver: zodResolver(gateOutBodySchema.omit({ at: true })) as never,
    defaultValues: { documents: [], remarks: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    const after = row.reportedAt ? `, ${formatMinutes((Date.now() - Date.parse(row.reportedAt)) / 60_000)} after reporting` : '';
    await move.send(values, form.setError, FIELDS, `${row.vehicleNumber ?? row.orderNumber} left the gate${after}.`);
  });
  return (
    <MoveDialog
      title={`Gate out ${row.vehicleNumber ?? ''}`.trim()}
      row={row}
      timeLabel="Gate out time"
      at={move.at}
      onAtChange={move.setAt}
      atError={move.atError}
      formError={move.formError}
      submitLabel="Gate out"
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <GateEwayBill dir={dir} row={row} />
      <Controller
        control={form.control}
        name="documents"
        render={({ field }) => (
          <Checkbox.Group
            label="Documents present"
            description="Tick what you saw in the cabin"
            value={(field.value ?? []) as string[]}
            onChange={field.onChange}
            error={errors.documents?.message ?? (errors.documents as unknown as { message?: string }[] | undefined)?.[0]?.message}
          >
            <Group mt="xs" gap="lg">
              {GATE_DOCUMENTS.map((d) => (
                <Checkbox key={d} value={d} label={GATE_DOCUMENT_LABEL[d]} size="md" />
              ))}
            </Group>
          </Checkbox.Group>
        )}
      />
      {dir === 'outbound' && (
        <NumberField
          control={form.control}
          name="packages"
          label="Packages loaded"
          description="Printed on the consignment note (LR) made at gate out; leave empty for loose cargo"
          size="md"
          decimals={0}
        />
      )}
      <Textarea label="Remarks" autosize minRows={1} maxLength={300} {...form.register('remarks')} error={errors.remarks?.message} />
    </MoveDialog>
  );
}
