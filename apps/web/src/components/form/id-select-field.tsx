import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues, get } from 'react-hook-form';

/** A Mantine Select bound to a numeric id field (empty → `empty`), showing its error. */
export function IdSelectField<V extends FieldValues>({
  control,
  name,
  empty = undefined,
  ...props
}: { control: Control<V>; name: FieldPath<V>; empty?: null | undefined } & Omit<SelectProps, 'value' | 'onChange' | 'name'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, formState }) => (
        <Select
          {...props}
          value={field.value ? String(field.value) : null}
          onChange={(v) => field.onChange(v ? Number(v) : empty)}
          error={(get(formState.errors, name) as { message?: string } | undefined)?.message}
        />
      )}
    />
  );
}
