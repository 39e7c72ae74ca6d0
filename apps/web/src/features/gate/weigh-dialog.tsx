import { Group, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { type LoadedBody, loadedBodySchema, type UnloadedBody, unloadedBodySchema } from '@freightdesk/shared/schemas/execution';
import type { GateBoardRow } from '@freightdesk/shared/schemas/gate-board';
import { NumberField } from '../../components/form/number-field.tsx';
import { type Dir, netWeight } from './gate-helpers.ts';
import { type GateWords, useGateText } from './gate-words.ts';
import { MoveDialog } from './move-dialog.tsx';
import { useGateMove } from './use-gate-move.ts';
import { useSayingResolver } from '../../lib/saying-resolver.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

type Values = Omit<UnloadedBody, 'at'>;
const FIELDS = ['grossKg', 'tareKg', 'sealNumber', 'invoiceNumber', 'lrNumber', 'remarks', 'shortageQty', 'damageQty'];
const kgText = (n: number) => `${indianNumber(n)} kg`;

/** The form with the net weight as the guard types, and the submit naming the net. */
function useWeighForm(dir: Dir, row: GateBoardRow, onClose: () => void) {
  const inbound = dir === 'inbound';
  const move = useGateMove<Values>(dir, row, inbound ? 'unloaded' : 'loaded', onClose);
  const { t } = useGateText();
  const schema = inbound ? unloadedBodySchema : loadedBodySchema;
  const form = useForm<Values>({
    resolver: useSayingResolver<Values>(schema),
    defaultValues: { sealNumber: '', invoiceNumber: '', lrNumber: '', remarks: '' },
  });
  const net = netWeight(form.watch('grossKg'), form.watch('tareKg'));
  const submit = form.handleSubmit(async (values: Values | LoadedBody) => {
    const what = inbound ? 'weigh.unloadedDone' : 'weigh.loadedDone';
    const vehicle = row.vehicleNumber ?? row.orderNumber;
    await move.send(values, form.setError, FIELDS, net ? t(`${what}Net`, { vehicle, net: kgText(net) }) : t(what, { vehicle }));
  });
  return { move, form, net, submit };
}

/** Gross and tare from the weighbridge, and the net they give. */
function Weights({ form, net, t }: { form: UseFormReturn<Values>; net: number | null; t: GateWords }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NumberField control={form.control} name="grossKg" label={t('weigh.gross')} withAsterisk size="md" decimals={3} data-autofocus />
        <NumberField control={form.control} name="tareKg" label={t('weigh.tare')} withAsterisk size="md" decimals={3} />
      </SimpleGrid>
      <Group gap="xs" aria-live="polite">
        <Text size="sm">{t('weigh.net')}</Text>
        <Text size="lg" fw={700} c={net !== null && net <= 0 ? 'red' : undefined} data-testid="net-weight">
          {net === null ? '—' : kgText(net)}
        </Text>
      </Group>
    </>
  );
}

/** Seal, invoice and LR numbers; inbound also what was short or damaged; the remarks. */
function Papers({ form, inbound, t }: { form: UseFormReturn<Values>; inbound: boolean; t: GateWords }) {
  const errors = form.formState.errors;
  const text = (name: 'sealNumber' | 'invoiceNumber' | 'lrNumber', label: string) => (
    <TextInput label={label} size="md" maxLength={40} {...form.register(name)} error={errors[name]?.message} />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {text('sealNumber', t('weigh.seal'))}
        {text('invoiceNumber', t('weigh.invoice'))}
        {text('lrNumber', t('weigh.lr'))}
      </SimpleGrid>
      {inbound && (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberField control={form.control} name="shortageQty" label={t('weigh.shortage')} size="md" decimals={3} />
          <NumberField control={form.control} name="damageQty" label={t('weigh.damage')} size="md" decimals={3} />
        </SimpleGrid>
      )}
      <Textarea
        label={t('dialog.remarks')}
        description={inbound ? t('weigh.remarksHelp') : undefined}
        autosize
        minRows={1}
        maxLength={300}
        {...form.register('remarks')}
        error={errors.remarks?.message}
      />
    </>
  );
}

/**
 * Loaded (outbound) or unloaded (inbound, the receiving plant's receipt): weighbridge gross and
 * tare with the net computed as the guard types, seal, invoice and LR numbers; inbound also what
 * was short or damaged. The shared schema refuses a tare at or above the gross on the tare field.
 */
export function WeighDialog({ dir, row, onClose }: { dir: Dir; row: GateBoardRow; onClose: () => void }) {
  const inbound = dir === 'inbound';
  const { move, form, net, submit } = useWeighForm(dir, row, onClose);
  const { t } = useGateText();
  const vehicle = row.vehicleNumber ?? row.orderNumber;
  return (
    <MoveDialog
      title={t(inbound ? 'weigh.unloadedTitle' : 'weigh.loadedTitle', { vehicle })}
      row={row}
      timeLabel={t(inbound ? 'weigh.unloadedTime' : 'weigh.loadedTime')}
      at={move.at}
      onAtChange={move.setAt}
      atError={move.atError}
      formError={move.formError}
      submitLabel={t(inbound ? 'weigh.recordUnloading' : 'weigh.recordLoading')}
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <Weights form={form} net={net} t={t} />
      <Papers form={form} inbound={inbound} t={t} />
    </MoveDialog>
  );
}
