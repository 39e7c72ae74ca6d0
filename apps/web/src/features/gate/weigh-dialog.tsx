import { zodResolver } from '@hookform/resolvers/zod';
import { Group, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { type UseFormReturn, useForm } from 'react-hook-form';
import {
  type GateBoardRow,
  type LoadedBody,
  loadedBodySchema,
  type UnloadedBody,
  unloadedBodySchema,
} from '@freightdesk/shared/schemas/execution';
import { NumberField } from '../../components/form/number-field.tsx';
import { type Dir, netWeight } from './gate-helpers.ts';
import { MoveDialog } from './move-dialog.tsx';
import { useGateMove } from './use-gate-move.ts';

type Values = Omit<UnloadedBody, 'at'>;
const FIELDS = ['grossKg', 'tareKg', 'sealNumber', 'invoiceNumber', 'lrNumber', 'remarks', 'shortageQty', 'damageQty'];
const kgText = (n: number) => `${n.toLocaleString('en-IN', { maximumFractionDigits: 3 })} kg`;

/** The form with the net weight as the guard types, and the submit naming the net. */
function useWeighForm(dir: Dir, row: GateBoardRow, onClose: () => void) {
  const inbound = dir === 'inbound';
  const move = useGateMove<Values>(dir, row, inbound ? 'unloaded' : 'loaded', onClose);
  const schema = inbound ? unloadedBodySchema : loadedBodySchema;
  const form = useForm<Values>({
    resolver: zodResolver(schema) as never,
    defaultValues: { sealNumber: '', invoiceNumber: '', lrNumber: '', remarks: '' },
  });
  const net = netWeight(form.watch('grossKg'), form.watch('tareKg'));
  const submit = form.handleSubmit(async (values: Values | LoadedBody) => {
    const what = inbound ? 'Unloading' : 'Loading';
    await move.send(
      values,
      form.setError,
      FIELDS,
      `${what} of ${row.vehicleNumber ?? row.orderNumber} recorded${net ? `: net ${kgText(net)}` : ''}.`,
    );
  });
  return { move, form, net, submit };
}

/** Gross and tare from the weighbridge, and the net they give. */
function Weights({ form, net }: { form: UseFormReturn<Values>; net: number | null }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NumberField control={form.control} name="grossKg" label="Gross weight (kg)" withAsterisk size="md" decimals={3} data-autofocus />
        <NumberField control={form.control} name="tareKg" label="Tare weight (kg)" withAsterisk size="md" decimals={3} />
      </SimpleGrid>
      <Group gap="xs" aria-live="polite">
        <Text size="sm">Net weight (gross − tare):</Text>
        <Text size="lg" fw={700} c={net !== null && net <= 0 ? 'red' : undefined} data-testid="net-weight">
          {net === null ? '—' : kgText(net)}
        </Text>
      </Group>
    </>
  );
}

/** Seal, invoice and LR numbers; inbound also what was short or damaged; the remarks. */
function Papers({ form, inbound }: { form: UseFormReturn<Values>; inbound: boolean }) {
  const errors = form.formState.errors;
  const text = (name: 'sealNumber' | 'invoiceNumber' | 'lrNumber', label: string) => (
    <TextInput label={label} size="md" maxLength={40} {...form.register(name)} error={errors[name]?.message} />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {text('sealNumber', 'Seal number')}
        {text('invoiceNumber', 'Invoice number')}
        {text('lrNumber', 'LR number')}
      </SimpleGrid>
      {inbound && (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberField control={form.control} name="shortageQty" label="Shortage (quantity)" size="md" decimals={3} />
          <NumberField control={form.control} name="damageQty" label="Damage (quantity)" size="md" decimals={3} />
        </SimpleGrid>
      )}
      <Textarea
        label="Remarks"
        description={inbound ? 'Say what is short or damaged, if anything' : undefined}
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
  return (
    <MoveDialog
      title={`${inbound ? 'Unloaded' : 'Loaded'}: ${row.vehicleNumber ?? row.orderNumber}`}
      row={row}
      timeLabel={inbound ? 'Unloading time' : 'Loading time'}
      at={move.at}
      onAtChange={move.setAt}
      atError={move.atError}
      formError={move.formError}
      submitLabel={inbound ? 'Record unloading' : 'Record loading'}
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <Weights form={form} net={net} />
      <Papers form={form} inbound={inbound} />
    </MoveDialog>
  );
}
