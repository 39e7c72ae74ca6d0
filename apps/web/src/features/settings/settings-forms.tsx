import { Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import {
  BID_VISIBILITIES,
  BID_VISIBILITY_LABEL,
  type BidVisibility,
  bidVisibilityInputSchema,
  type Package,
  PRODUCT_UNITS,
  type PaymentSetting,
  type Product,
  packageInputSchema,
  paymentSettingInputSchema,
  productInputSchema,
  VEHICLE_BODIES,
  type VehicleType,
  vehicleTypeInputSchema,
} from '@freightdesk/shared/schemas/settings';
import { MoneyField, NumberField } from '../../components/form/number-field.tsx';
import { MasterFormPage } from '../../components/master/master-form.tsx';
import { PickerField } from '../../components/form/picker-fields.tsx';

const options = (list: readonly string[]) => list.map((v) => ({ value: v, label: v.replace(/_/g, ' ') }));

export function ProductForm() {
  return (
    <MasterFormPage<{ name: string; hsnCode?: string; unit?: string }, Product>
      title="product"
      api="products"
      listPath="/settings/products"
      schema={productInputSchema}
      defaults={{ name: '', hsnCode: '', unit: undefined }}
      toForm={(p) => ({ ...p, hsnCode: p.hsnCode ?? '' })}
    >
      {({ register, control, formState: { errors } }) => (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Product name" withAsterisk {...register('name')} error={errors.name?.message} />
          <TextInput label="HSN code" maxLength={8} {...register('hsnCode')} error={errors.hsnCode?.message} />
          <Controller
            control={control}
            name="unit"
            render={({ field }) => (
              <Select
                label="Unit"
                withAsterisk
                data={options(PRODUCT_UNITS)}
                value={field.value ?? null}
                onChange={field.onChange}
                error={errors.unit?.message}
              />
            )}
          />
        </SimpleGrid>
      )}
    </MasterFormPage>
  );
}

export function PackageForm() {
  return (
    <MasterFormPage<{ name: string; unitWeightKg?: number }, Package>
      title="package"
      api="packages"
      listPath="/settings/packages"
      schema={packageInputSchema}
      defaults={{ name: '' }}
    >
      {({ register, control, formState: { errors } }) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={640}>
          <TextInput label="Package name" withAsterisk {...register('name')} error={errors.name?.message} />
          <NumberField control={control} name="unitWeightKg" label="Unit weight (kg)" withAsterisk decimals={3} />
        </SimpleGrid>
      )}
    </MasterFormPage>
  );
}

export function VehicleTypeForm() {
  return (
    <MasterFormPage<{ name: string; body?: string; capacityTonnes?: number; fuel?: 'diesel' | 'cng' }, VehicleType>
      title="vehicle type"
      api="vehicle-types"
      listPath="/settings/vehicle-types"
      schema={vehicleTypeInputSchema}
      defaults={{ name: '' }}
    >
      {({ register, control, formState: { errors } }) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Vehicle type" withAsterisk {...register('name')} error={errors.name?.message} />
          <Controller
            control={control}
            name="body"
            render={({ field }) => (
              <Select
                label="Body"
                withAsterisk
                data={options(VEHICLE_BODIES)}
                value={field.value ?? null}
                onChange={field.onChange}
                error={errors.body?.message}
              />
            )}
          />
          <NumberField control={control} name="capacityTonnes" label="Capacity (t)" withAsterisk decimals={2} />
          <Controller
            control={control}
            name="fuel"
            render={({ field }) => (
              <Select
                label="Fuel (for emissions)"
                data={[
                  { value: 'diesel', label: 'Diesel' },
                  { value: 'cng', label: 'CNG' },
                ]}
                value={field.value ?? 'diesel'}
                onChange={field.onChange}
                error={errors.fuel?.message}
              />
            )}
          />
        </SimpleGrid>
      )}
    </MasterFormPage>
  );
}

type VisibilityValues = {
  plantId: number | null;
  visibility?: string;
  minDecrementRupees?: number;
  antiSnipingMinutes?: number;
  awardWindowHours?: number;
};

export function BidVisibilityForm() {
  return (
    <MasterFormPage<VisibilityValues, BidVisibility>
      title="bid position visibility"
      api="bid-visibility-settings"
      listPath="/industry-request-settings"
      schema={bidVisibilityInputSchema}
      defaults={{ plantId: null, minDecrementRupees: 0, antiSnipingMinutes: 5, awardWindowHours: 48 }}
    >
      {({ control, formState: { errors } }) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PickerField
            control={control}
            name="plantId"
            source="plants"
            empty={null}
            label="Plant"
            placeholder="Default (all plants)"
            clearable
          />
          <Controller
            control={control}
            name="visibility"
            render={({ field }) => (
              <Select
                label="What invited carriers see while bidding"
                withAsterisk
                data={BID_VISIBILITIES.map((v) => ({ value: v, label: BID_VISIBILITY_LABEL[v] }))}
                value={field.value ?? null}
                onChange={field.onChange}
                error={errors.visibility?.message}
              />
            )}
          />
          <MoneyField control={control} name="minDecrementRupees" label="Minimum decrement per revision (INR)" />
          <NumberField control={control} name="antiSnipingMinutes" label="Anti-sniping window (minutes)" decimals={0} />
          <NumberField
            control={control}
            name="awardWindowHours"
            label="Award window after bid end (hours)"
            description="A closed request not awarded within this window expires."
            decimals={0}
          />
        </SimpleGrid>
      )}
    </MasterFormPage>
  );
}

type PaymentValues = {
  plantId: number | null;
  carrierLinkId: number | null;
  advancePercent?: number;
  balanceOnPod: boolean;
  creditDays?: number;
  detentionFreeHours?: number;
  detentionRupeesPerDay?: number;
};

export function PaymentSettingForm() {
  return (
    <MasterFormPage<PaymentValues, PaymentSetting>
      title="payment setting"
      api="payment-settings"
      listPath="/industry-payment-settings"
      schema={paymentSettingInputSchema}
      defaults={{ plantId: null, carrierLinkId: null, balanceOnPod: true, detentionFreeHours: 24, detentionRupeesPerDay: 0 }}
    >
      {({ control }) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PickerField control={control} name="plantId" source="plants" empty={null} label="Plant" placeholder="All plants" clearable />
          <PickerField
            control={control}
            name="carrierLinkId"
            source="carriers"
            empty={null}
            label="Carrier"
            placeholder="All carriers"
            clearable
          />
          <NumberField control={control} name="advancePercent" label="Advance (%)" withAsterisk />
          <NumberField control={control} name="creditDays" label="Credit days" withAsterisk decimals={0} />
          <NumberField
            control={control}
            name="detentionFreeHours"
            label="Detention free hours"
            description="Hours a vehicle may wait at each end before detention is due."
            decimals={0}
          />
          <MoneyField
            control={control}
            name="detentionRupeesPerDay"
            label="Detention per day (₹)"
            description="Charged per day after the free hours, pro rata by the hour; 0 for none."
          />
          <Controller
            control={control}
            name="balanceOnPod"
            render={({ field }) => (
              <Switch label="Balance paid on POD" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
            )}
          />
        </SimpleGrid>
      )}
    </MasterFormPage>
  );
}
