import { Checkbox, Group, Textarea } from '@mantine/core';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { GATE_DOCUMENTS, type GateOutBody, gateOutBodySchema } from '@freightdesk/shared/schemas/execution';
import type { GateBoardRow } from '@freightdesk/shared/schemas/gate-board';
import { NumberField } from '../../components/form/number-field.tsx';
import { formatMinutes } from '../../lib/format.ts';
import { GateEwayBill } from './gate-eway-bill.tsx';
import type { Dir } from './gate-helpers.ts';
import { useGateText } from './gate-words.ts';
import { MoveDialog } from './move-dialog.tsx';
import { useGateMove } from './use-gate-move.ts';
import { useSayingResolver } from '../../lib/saying-resolver.ts';

type Values = Omit<GateOutBody, 'at'>;
const FIELDS = ['documents', 'remarks', 'packages'];

/** The documents the guard saw in the cabin: none ticked until the guard ticks it. */
function Documents({ form }: { form: UseFormReturn<Values> }) {
  const { t } = useGateText();
  const errors = form.formState.errors;
  return (
    <Controller
      control={form.control}
      name="documents"
      render={({ field }) => (
        <Checkbox.Group
          label={t('gateOut.documents')}
          description={t('gateOut.documentsHelp')}
          value={(field.value ?? []) as string[]}
          onChange={field.onChange}
          error={errors.documents?.message ?? (errors.documents as unknown as { message?: string }[] | undefined)?.[0]?.message}
        >
          <Group mt="xs" gap="lg">
            {GATE_DOCUMENTS.map((d) => (
              <Checkbox key={d} value={d} label={t(`gateOut.document.${d}`)} size="md" />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    />
  );
}

/** What the guard fills in: the gate out's body without its time, which is now when sent. */
const GATE_OUT_FORM = gateOutBodySchema.omit({ at: true });

/**
 * Gate out: the time (now), the order's e-way bill (the guard may fetch and add it here), and the
 * documents the guard saw in the cabin: none ticked until the guard ticks it (issue 38). Outbound,
 * the packages loaded go on the consignment note the gate out makes.
 */
export function GateOutDialog({ dir, row, onClose }: { dir: Dir; row: GateBoardRow; onClose: () => void }) {
  const move = useGateMove<Values>(dir, row, 'gate-out', onClose);
  const { t } = useGateText();
  const form = useForm<Values>({
    resolver: useSayingResolver<Values>(GATE_OUT_FORM),
    defaultValues: { documents: [], remarks: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    const vehicle = row.vehicleNumber ?? row.orderNumber;
    const done = row.reportedAt
      ? t('gateOut.doneAfter', { vehicle, time: formatMinutes((Date.now() - Date.parse(row.reportedAt)) / 60_000) })
      : t('gateOut.done', { vehicle });
    await move.send(values, form.setError, FIELDS, done);
  });
  return (
    <MoveDialog
      title={t('gateOut.title', { vehicle: row.vehicleNumber ?? '' }).trim()}
      row={row}
      timeLabel={t('gateOut.time')}
      at={move.at}
      onAtChange={move.setAt}
      atError={move.atError}
      formError={move.formError}
      submitLabel={t('gateOut.submit')}
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <GateEwayBill dir={dir} row={row} />
      <Documents form={form} />
      {dir === 'outbound' && (
        <NumberField
          control={form.control}
          name="packages"
          label={t('gateOut.packages')}
          description={t('gateOut.packagesHelp')}
          size="md"
          decimals={0}
        />
      )}
      <Textarea
        label={t('dialog.remarks')}
        autosize
        minRows={1}
        maxLength={300}
        {...form.register('remarks')}
        error={errors.remarks?.message}
      />
    </MoveDialog>
  );
}
