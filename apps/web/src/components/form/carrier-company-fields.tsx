import { TextInput } from '@mantine/core';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { CarrierCompanyInput } from '@freightdesk/shared/schemas/carrier';
import { StateCityFields } from './state-city-fields.tsx';
import { NumberField } from './number-field.tsx';

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
      <StateCityFields control={control} state="state" city="city" />
      <TextInput label="PIN code" maxLength={6} {...register('pincode')} error={errors.pincode?.message} />
      <NumberField control={control} name="fleetSize" label="Fleet size" decimals={0} />
    </>
  );
}
