import { NumberInput, TextInput } from '@mantine/core';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { CarrierCompanyInput } from '@freightdesk/shared/schemas/carrier';

/**
 * A carrier company's details: the shipper's "new carrier" form and the carrier's own company page
 * show the same fields with the same labels. Render inside a grid.
 */
export function CarrierCompanyFields<T extends FieldValues & CarrierCompanyInput>({ form }: { form: UseFormReturn<T> }) {
  // The fields are CarrierCompanyInput's; a form may hold more (the shipper's code and groups).
  const { register, control, formState } = form as unknown as UseFormReturn<CarrierCompanyInput>;
  const errors = formState.errors;
  return (
    <>
      <TextInput label="Carrier name" withAsterisk {...register('name')} error={errors.name?.message} />
      <TextInput label="Contact person" withAsterisk {...register('contactName')} error={errors.contactName?.message} />
      <TextInput label="Mobile" withAsterisk maxLength={10} {...register('mobile')} error={errors.mobile?.message} />
      <TextInput label="Email" withAsterisk type="email" {...register('email')} error={errors.email?.message} />
      <TextInput label="PAN" maxLength={10} {...register('pan')} error={errors.pan?.message} />
      <TextInput label="GSTIN" maxLength={15} {...register('gstin')} error={errors.gstin?.message} />
      <TextInput label="Address" {...register('address')} error={errors.address?.message} />
      <TextInput label="City" {...register('city')} error={errors.city?.message} />
      <TextInput label="State" {...register('state')} error={errors.state?.message} />
      <TextInput label="PIN code" maxLength={6} {...register('pincode')} error={errors.pincode?.message} />
      <Controller
        control={control}
        name="fleetSize"
        render={({ field }) => (
          <NumberInput
            label="Fleet size"
            allowDecimal={false}
            min={0}
            value={field.value ?? ''}
            onChange={(v) => field.onChange(v === '' ? undefined : Number(v))}
            error={errors.fleetSize?.message}
          />
        )}
      />
    </>
  );
}
