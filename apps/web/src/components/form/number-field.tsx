import { NumberInput, type NumberInputProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues, get } from 'react-hook-form';

/** A Mantine NumberInput bound to a form field as a number (empty → undefined), showing its error. */
export function NumberField<V extends FieldValues>({
  control,
  name,
  ...props
}: { control: Control<V>; name: FieldPath<V> } & Omit<NumberInputProps, 'value' | 'onChange' | 'name'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, formState }) => (
        <NumberInput
          {...props}
          value={field.value ?? ''}
          onChange={(v) => field.onChange(v === '' ? undefined : Number(v))}
          onBlur={field.onBlur}
          error={(get(formState.errors, name) as { message?: string } | undefined)?.message}
        />
      )}
    />
  );
}
