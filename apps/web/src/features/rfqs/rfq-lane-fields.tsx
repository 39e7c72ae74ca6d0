import { ActionIcon, Fieldset, Group, SimpleGrid } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import { Controller, get, type UseFormReturn } from 'react-hook-form';
import { MoneyField, NumberField } from '../../components/form/number-field.tsx';
import { PickerField } from '../../components/form/picker-fields.tsx';
import { ServerSelect } from '../../components/form/server-select.tsx';
import { inrLabel } from '../../lib/format.ts';
import type { RfqFormValues } from './rfq-form-values.ts';
import { FillFromRoute } from './rfq-lane-route.tsx';
import { PLACE_SOURCES, placeToValue, valueToPlace } from './rfq-places.ts';

const messageAt = (errors: object, path: string) => (get(errors, path) as { message?: string } | undefined)?.message;

/** One end of a lane: a plant, location or client/vendor address, searched on the server. */
function PlaceField({ form, index, end }: { form: UseFormReturn<RfqFormValues>; index: number; end: 'origin' | 'destination' }) {
  const name = `lanes.${index}.${end}` as const;
  const label = end === 'origin' ? 'Origin' : 'Destination';
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, formState }) => (
        <ServerSelect
          source={PLACE_SOURCES}
          label={label}
          withAsterisk
          placeholder="Type a plant, location, client, vendor or city"
          data-path={name}
          data-label={`Lane ${index + 1} ${label.toLowerCase()}`}
          ref={field.ref}
          value={placeToValue(field.value)}
          onChange={(v) => field.onChange(valueToPlace(v))}
          onBlur={field.onBlur}
          error={
            messageAt(formState.errors, name) ?? messageAt(formState.errors, `${name}.id`) ?? messageAt(formState.errors, `${name}.kind`)
          }
        />
      )}
    />
  );
}

/** One lane's fields: where from and to, vehicle, trips a month, material, weight, benchmark rate, and its remove button. */
export const LaneFields = memo(function LaneFields({
  form,
  index,
  canRemove,
  onRemove,
}: {
  form: UseFormReturn<RfqFormValues>;
  index: number;
  canRemove: boolean;
  onRemove: (index: number) => void;
}) {
  const { control } = form;
  return (
    <Fieldset legend={`Lane ${index + 1}`} mb="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <PlaceField form={form} index={index} end="origin" />
        <PlaceField form={form} index={index} end="destination" />
        <PickerField
          control={control}
          name={`lanes.${index}.vehicleTypeId`}
          source="vehicleTypes"
          label="Vehicle type"
          data-label={`Lane ${index + 1} vehicle type`}
          withAsterisk
        />
        <NumberField
          control={control}
          name={`lanes.${index}.tripsPerMonth`}
          label="Trips per month"
          data-label={`Lane ${index + 1} trips per month`}
          withAsterisk
          decimals={0}
        />
        <PickerField
          control={control}
          name={`lanes.${index}.productId`}
          source="products"
          empty={null}
          label="Material"
          data-label={`Lane ${index + 1} material`}
          clearable
        />
        <NumberField
          control={control}
          name={`lanes.${index}.weightTonnes`}
          label="Weight (t)"
          data-label={`Lane ${index + 1} weight`}
          decimals={2}
        />
        <MoneyField
          control={control}
          name={`lanes.${index}.benchmarkRupees`}
          label={inrLabel('Benchmark rate per trip')}
          data-label={`Lane ${index + 1} benchmark`}
        />
        <Group align="flex-end" gap="xs">
          <FillFromRoute form={form} index={index} />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove lane ${index + 1}`}
            disabled={!canRemove}
            onClick={() => onRemove(index)}
            mb={6}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </SimpleGrid>
    </Fieldset>
  );
});
