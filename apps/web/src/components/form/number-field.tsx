import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { type NumberInputProps, NumberTextInput } from './number-input.tsx';

type FieldProps<V extends FieldValues> = { control: Control<V>; name: FieldPath<V> } & Omit<
  NumberInputProps,
  'value' | 'onChange' | 'money'
>;

/**
 * A number bound to a form field (empty → undefined). What was typed stays as typed: text that is
 * not a number is an error on the field and blocks the submit; a number out of range shows the
 * schema's message. Nothing is clamped or stripped.
 */
export function NumberField<V extends FieldValues>({ control, name, ...props }: FieldProps<V>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberTextInput
          {...props}
          name={field.name}
          inputRef={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** An amount in rupees bound to a form field: lakh grouping while typing (45,00,000), paise at most. */
export function MoneyField<V extends FieldValues>({ control, name, ...props }: FieldProps<V>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberTextInput
          {...props}
          money
          name={field.name}
          inputRef={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
