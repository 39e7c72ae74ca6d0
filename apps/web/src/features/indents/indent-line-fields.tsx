import { ActionIcon, Fieldset, Group, Select, SimpleGrid, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller, get, type UseFormReturn } from 'react-hook-form';
import { isoToIndiaTime, indiaTimeToIso } from '../../components/form/date-time.ts';
import { DateTimeField } from '../../components/form/date-time-field.tsx';
import { NumberField } from '../../components/form/number-field.tsx';
import { MultiPickerField, PickerField } from '../../components/form/picker-fields.tsx';
import { formatInr } from '../../lib/format.ts';
import { ANSWER_WITHIN, type IndentFormValues, laneDefaults } from './indent-form-values.ts';
import { LaneCarriers, LanePicker } from './lane-picker.tsx';

const AUTO = 'auto';
const messageAt = (errors: object, path: string) => (get(errors, path) as { message?: string } | undefined)?.message;

type Props = { form: UseFormReturn<IndentFormValues>; index: number; count: number; onRemove: () => void };

/** The lane (with its carriers), and who is asked first: the contract shares or one of the lane's carriers. */
function LaneAndPrimary({ form, index: i }: Pick<Props, 'form' | 'index'>) {
  const { control } = form;
  const lane = form.watch(`indents.${i}.lane`);
  return (
    <>
      <Controller
        control={control}
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
      <Controller
        control={control}
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
    </>
  );
}

/** One indent of the form: lane, vehicles, reporting time, material, weight, answer time, carriers, remarks. */
export function IndentLineFields({ form, index: i, count, onRemove }: Props) {
  const { control, register } = form;
  const label = (text: string) => `Indent ${i + 1} ${text}`;
  return (
    <Fieldset
      legend={
        <Group gap="xs">
          {count > 1 ? `Indent ${i + 1}` : 'Indent'}
          {count > 1 && (
            <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Remove indent ${i + 1}`} onClick={onRemove}>
              <IconTrash size={14} />
            </ActionIcon>
          )}
        </Group>
      }
      mb="sm"
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <LaneAndPrimary form={form} index={i} />
        <NumberField
          control={control}
          name={`indents.${i}.vehicles`}
          label="Number of vehicles"
          data-label={label('vehicles')}
          withAsterisk
          decimals={0}
        />
        <Controller
          control={control}
          name={`indents.${i}.reportingAt`}
          render={({ field, fieldState }) => (
            <DateTimeField
              label="Reporting date and time"
              withAsterisk
              notPast
              data-path={field.name}
              data-label={label('reporting date and time')}
              value={isoToIndiaTime(field.value as string | undefined)}
              onChange={(v) => field.onChange(indiaTimeToIso(v))}
              error={fieldState.error?.message}
            />
          )}
        />
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
        <Controller
          control={control}
          name={`indents.${i}.answerMinutes`}
          render={({ field, fieldState }) => (
            <Select
              label="Carrier must answer within"
              data-path={field.name}
              data-label={label('answer within')}
              ref={field.ref}
              data={ANSWER_WITHIN}
              value={field.value ? String(field.value) : null}
              onChange={(v) => field.onChange(v ? Number(v) : undefined)}
              allowDeselect={false}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
        <MultiPickerField
          control={control}
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
          {...register(`indents.${i}.remarks`)}
          error={messageAt(form.formState.errors, `indents.${i}.remarks`)}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
