import { Alert, Checkbox, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { type GateInBody, gateInBodySchema } from '@freightdesk/shared/schemas/execution';
import type { GateBoardRow } from '@freightdesk/shared/schemas/gate-board';
import { type Dir, isOtherVehicle } from './gate-helpers.ts';
import { type GateWords, useGateText } from './gate-words.ts';
import { MoveDialog } from './move-dialog.tsx';
import { useGateMove } from './use-gate-move.ts';
import { useSayingResolver } from '../../lib/saying-resolver.ts';

type Values = Omit<GateInBody, 'at'>;
const FIELDS = ['vehicleNumber', 'driverChecked', 'overrideReason', 'remarks'];

/** What the guard fills in: the gate in's body without its time, which is now when sent. */
const GATE_IN_FORM = gateInBodySchema.omit({ at: true });

/** The form, the server's answer about another vehicle (kept while the guard types the reason) and the submit. */
function useGateInForm(dir: Dir, row: GateBoardRow, onClose: () => void) {
  const move = useGateMove<Values>(dir, row, 'gate-in', onClose);
  const { t } = useGateText();
  const [mismatch, setMismatch] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: useSayingResolver<Values>(GATE_IN_FORM),
    defaultValues: { vehicleNumber: row.vehicleNumber ?? '', driverChecked: true, overrideReason: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    await move.send(values, form.setError, FIELDS, t('gateIn.done', { vehicle: values.vehicleNumber, order: row.orderNumber }));
    const refused = form.getFieldState('overrideReason').error?.message;
    if (refused) {
      setMismatch(refused);
    }
  });
  return { move, mismatch, form, submit };
}

/** Another vehicle: the server's answer and the reason to let it in anyway. */
function OverrideReason({ form, mismatch, t }: { form: UseFormReturn<Values>; mismatch: string; t: GateWords }) {
  const error = form.formState.errors.overrideReason?.message;
  return (
    <>
      <Alert color="orange" title={t('gateIn.mismatchTitle')} role="alert">
        {mismatch} {t('gateIn.flagged')}
      </Alert>
      <Textarea
        label={t('gateIn.reason')}
        withAsterisk
        autosize
        minRows={2}
        maxLength={300}
        placeholder={t('gateIn.reasonPlaceholder')}
        {...form.register('overrideReason')}
        error={error === mismatch ? undefined : error}
        data-autofocus
      />
    </>
  );
}

/**
 * Gate in: the vehicle number read on the vehicle (the order's, ready for the common case), the
 * driver checked, the time (now). Another vehicle is the server's call: its answer is shown and the
 * guard gives the reason to let it in anyway, which flags the order.
 */
export function GateInDialog({ dir, row, onClose }: { dir: Dir; row: GateBoardRow; onClose: () => void }) {
  const { move, mismatch, form, submit } = useGateInForm(dir, row, onClose);
  const { t } = useGateText();
  const errors = form.formState.errors;
  const typed = form.watch('vehicleNumber');
  const driver = [row.driverName, row.driverMobile].filter(Boolean).join(' · ') || t('gateIn.noDriver');
  return (
    <MoveDialog
      title={t('gateIn.title', { vehicle: row.vehicleNumber ?? '' }).trim()}
      row={row}
      timeLabel={t('gateIn.time')}
      at={move.at}
      onAtChange={move.setAt}
      atError={move.atError}
      formError={move.formError}
      submitLabel={mismatch ? t('gateIn.letIn') : t('gateIn.submit')}
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={t('gateIn.vehicle')}
        withAsterisk
        size="md"
        description={
          isOtherVehicle(typed ?? '', row.vehicleNumber)
            ? t('gateIn.notOrders', { vehicle: row.vehicleNumber ?? t('gateIn.none') })
            : t('gateIn.asRead')
        }
        styles={{ input: { textTransform: 'uppercase', letterSpacing: 1 } }}
        {...form.register('vehicleNumber', { setValueAs: (v: string) => v.toUpperCase() })}
        error={errors.vehicleNumber?.message}
      />
      <Checkbox
        size="md"
        label={t('gateIn.driverChecked', { driver })}
        {...form.register('driverChecked')}
        error={errors.driverChecked?.message}
      />
      {mismatch && <OverrideReason form={form} mismatch={mismatch} t={t} />}
    </MoveDialog>
  );
}
