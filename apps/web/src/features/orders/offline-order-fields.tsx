import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { OfflineOrderInput } from '@freightdesk/shared/schemas/order';
import { DateTimeField } from '../../components/form/date-time-field.tsx';
import { ExternalRefField } from '../../components/form/external-ref-field.tsx';
import { MoneyField, NumberField } from '../../components/form/number-field.tsx';
import { PickerField } from '../../components/form/picker-fields.tsx';

type Props = {
  form: UseFormReturn<OfflineOrderInput>;
  dir: 'outbound' | 'inbound';
  /** The pickup as picked (`YYYY-MM-DD HH:mm`, India time); the form holds it as an ISO instant. */
  pickup: string | null;
  onPickup: (value: string | null) => void;
};

const PRICE_BASES = [
  { value: 'trip', label: 'Per trip' },
  { value: 'tonne', label: 'Per tonne' },
];

/** The offline order's own fields (the drop-offs are a list below them). */
export function OfflineOrderFields({ form, dir, pickup, onPickup }: Props) {
  const errors = form.formState.errors;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <PickerField control={form.control} name="carrierLinkId" source="carriers" label="Carrier" withAsterisk />
      <PickerField control={form.control} name="plantId" source="plants" label="Plant" withAsterisk />
      {dir === 'inbound' && (
        <PickerField
          control={form.control}
          name="pickupAddressId"
          source="vendorAddresses"
          empty={null}
          label="Pickup (vendor address)"
          withAsterisk
        />
      )}
      <PickerField control={form.control} name="vehicleTypeId" source="vehicleTypes" label="Vehicle type" withAsterisk />
      <MoneyField control={form.control} name="priceRupees" label="Price (INR)" withAsterisk />
      <Controller
        control={form.control}
        name="priceBasis"
        render={({ field }) => (
          <Select label="Price basis" data={PRICE_BASES} value={field.value ?? 'trip'} onChange={field.onChange} allowDeselect={false} />
        )}
      />
      <DateTimeField label="Pickup Date" withAsterisk value={pickup} onChange={onPickup} error={errors.pickupAt?.message} />
      <PickerField control={form.control} name="productId" source="products" empty={null} label="Product" clearable />
      <NumberField control={form.control} name="weightTonnes" label="Weight (t)" decimals={2} />
      <TextInput label="Vehicle number" {...form.register('vehicleNumber')} error={errors.vehicleNumber?.message} />
      <TextInput label="Driver name" {...form.register('driverName')} error={errors.driverName?.message} />
      <TextInput label="Driver mobile" maxLength={10} {...form.register('driverMobile')} error={errors.driverMobile?.message} />
      <ExternalRefField {...form.register('externalRef')} error={errors.externalRef?.message} />
    </SimpleGrid>
  );
}
