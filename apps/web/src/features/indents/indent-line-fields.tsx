import { ActionIcon, Fieldset, Group, Select, SimpleGrid, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller, get, type UseFormReturn } from 'react-hook-form';
import { isoToIndiaTime, indiaTimeToIso } from '../../components/form/date-time.ts';
import { DateTimeField } from '../../components/form/date-time-field.tsx';
import { ExternalRefField } from '../../components/form/external-ref-field.tsx';
import { NumberField } from '../../components/form/number-field.tsx';
import { MultiPickerField, PickerField } from '../../components/form/picker-fields.tsx';
import { formatInr } from '../../lib/format.ts';
import { ANSWER_WITHIN, type IndentFormValues, laneDefaults } from './indent-form-values.ts';
import { LaneCarriers, LanePicker } from './lane-picker.tsx';

const AUTO = 'auto';
const messageAt = (errors: object, path: string) => (get(errors, path) as { message?: string } | undefined)?.message;

type Props = { form: UseFormReturn<IndentFormValues>; index: number; count: number; onRemove: () => void };

type LineProps = Pick<Props, 'form' | 'index'>;

/** The lane picker, with its carriers below; picking a lane sets what follows from it. */
function LaneField({ form, index: i }: LineProps) {
  return (
    <Controller
      control={form.control}
      name={`indents.${i}.lane`}
      render={({ field, formState }) => (
        <div>
          <LanePicker
            label="Lane"
            withAsterisk
            placeholder="Type a place of the lane"
            data-path={`indents.${i}.laneId`}
            data-label={`Indent ${i + 1} lane`}
            inputRef={field.ref}
            value={field.value}
            onChange={(picked) => {
              field.onChange(picked);
              // The lane sets what follows from it (material, weight, primary from the shares): never another lane's.
              const next = laneDefaults(picked);
              form.setValue(`indents.${i}.laneId`, next.laneId, { shouldValidate: formState.isSubmitted });
              form.setValue(`indents.${i}.primaryCarrierLinkId`, next.primaryCarrierLinkId);
              form.setValue(`indents.${i}.productId`, next.productId);
              form.setValue(`indents.${i}.weightTonnes`, next.weightTonnes);
            }}
            onBlur={field.onBlur}
            error={messageAt(formState.errors, `indents.${i}.laneId`)}
          />
          <LaneCarriers lane={field.value} />
        </div>
      )}
    />
  );
}

/** Who is asked first: the contract shares, or one of the picked lane's carriers. */
function PrimaryCarrierField({ form, index: i }: LineProps) {
  const lane = form.watch(`indents.${i}.lane`);
  return (
    <Controller
      control={form.control}
      name={`indents.${i}.primaryCarrierLinkId`}
      render={({ field, fieldState }) => (
        <Select
          label="Primary carrier"
          data-path={field.name}
          data-label={`Indent ${i + 1} primary carrier`}
          ref={field.ref}
          data={[
            { value: AUTO, label: 'By contract share (automatic)' },
            ...(lane?.carriers ?? []).map((c) => ({
              value: String(c.carrierLinkId),
              label: `${c.carrierName} (${c.sharePct}%, ${formatInr(c.rateRupees)})`,
            })),
          ]}
          value={field.value ? String(field.value) : AUTO}
          onChange={(v) => field.onChange(v && v !== AUTO ? Number(v) : null)}
          allowDeselect={false}
          description="Automatic asks the carrier most behind its share this month first"
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** The line's legend: its number in a batch, with the button removing it. */
function LineLegend({ index: i, count, onRemove }: Omit<Props, 'form'>) {
  return (
    <Group gap="xs">
      {count > 1 ? `Indent ${i + 1}` : 'Indent'}
      {count > 1 && (
        <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Remove indent ${i + 1}`} onClick={onRemove}>
          <IconTrash size={14} />
        </ActionIcon>
      )}
    </Group>
  );
}

/** Reporting time in India time, stored as an ISO instant. */
function ReportingAtField({ form, index: i }: LineProps) {
  return (
    <Controller
      control={form.control}
      name={`indents.${i}.reportingAt`}
      render={({ field, fieldState }) => (
        <DateTimeField
          label="Reporting date and time"
          withAsterisk
          notPast
          data-path={field.name}
          data-label={`Indent ${i + 1} reporting date and time`}
          value={isoToIndiaTime(field.value as string | undefined)}
          onChange={(v) => field.onChange(indiaTimeToIso(v))}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** How long each carrier asked has to answer. */
function AnswerWithinField({ form, index: i }: LineProps) {
  return (
    <Controller
      control={form.control}
      name={`indents.${i}.answerMinutes`}
      render={({ field, fieldState }) => (
        <Select
          label="Carrier must answer within"
          data-path={field.name}
          data-label={`Indent ${i + 1} answer within`}
          ref={field.ref}
          data={ANSWER_WITHIN}
          value={field.value ? String(field.value) : null}
          onChange={(v) => field.onChange(v ? Number(v) : undefined)}
          allowDeselect={false}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** Backup carriers, remarks and the ERP reference, the line's last row. */
function BackupsAndRemarks({ form, index: i }: LineProps) {
  const label = (text: string) => `Indent ${i + 1} ${text}`;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
      <MultiPickerField
        control={form.control}
        name={`indents.${i}.backupCarrierLinkIds`}
        source="carriers"
        label="Backup carriers"
        data-label={label('backup carriers')}
        placeholder="Type a carrier"
        description="Asked in the order picked when the primary rejects or does not answer; none picked asks the lane's other contract carriers"
      />
      <Textarea
        label="Remarks"
        data-label={label('remarks')}
        autosize
        minRows={2}
        {...form.register(`indents.${i}.remarks`)}
        error={messageAt(form.formState.errors, `indents.${i}.remarks`)}
      />
      <ExternalRefField
        data-label={label('ERP reference')}
        {...form.register(`indents.${i}.externalRef`)}
        error={messageAt(form.formState.errors, `indents.${i}.externalRef`)}
      />
    </SimpleGrid>
  );
}

/** One indent of the form: lane, vehicles, reporting time, material, weight, answer time, carriers, remarks. */
export function IndentLineFields({ form, index: i, count, onRemove }: Props) {
  const { control } = form;
  const label = (text: string) => `Indent ${i + 1} ${text}`;
  return (
    <Fieldset legend={<LineLegend index={i} count={count} onRemove={onRemove} />} mb="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <LaneField form={form} index={i} />
        <PrimaryCarrierField form={form} index={i} />
        <NumberField
          control={control}
          name={`indents.${i}.vehicles`}
          label="Number of vehicles"
          data-label={label('vehicles')}
          withAsterisk
          decimals={0}
        />
        <ReportingAtField form={form} index={i} />
        <PickerField
          control={control}
          name={`indents.${i}.productId`}
          source="products"
          empty={null}
          label="Material"
          data-label={label('material')}
          clearable
        />
        <NumberField control={control} name={`indents.${i}.weightTonnes`} label="Weight (t)" data-label={label('weight')} decimals={2} />
        <AnswerWithinField form={form} index={i} />
      </SimpleGrid>
      <BackupsAndRemarks form={form} index={i} />
    </Fieldset>
  );
}
