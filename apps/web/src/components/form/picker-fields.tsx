import { type Control, Controller, type FieldPath, type FieldValues, get } from 'react-hook-form';
import type { SourceName } from './option-sources.ts';
import { ServerMultiSelect, ServerSelect } from './server-select.tsx';

type Bound<V extends FieldValues> = { control: Control<V>; name: FieldPath<V>; source: SourceName };
const errorOf = (errors: object, name: string) => (get(errors, name) as { message?: string } | undefined)?.message;

/**
 * A form field holding one record id, picked from a master searched on the server (empty → `empty`).
 * `data-path` lets the form's error summary find it in the page.
 */
export function PickerField<V extends FieldValues>({
  control,
  name,
  source,
  empty = undefined,
  ...props
}: Bound<V> & { empty?: null | undefined } & Omit<Parameters<typeof ServerSelect>[0], 'value' | 'onChange' | 'source' | 'name'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, formState }) => (
        <ServerSelect
          {...props}
          source={source}
          data-path={name}
          ref={field.ref}
          value={field.value ? String(field.value) : null}
          onChange={(v) => field.onChange(v ? Number(v) : empty)}
          onBlur={field.onBlur}
          error={errorOf(formState.errors, name)}
        />
      )}
    />
  );
}

/** A form field holding a list of record ids, picked from a master searched on the server. */
export function MultiPickerField<V extends FieldValues>({
  control,
  name,
  source,
  ...props
}: Bound<V> & Omit<Parameters<typeof ServerMultiSelect>[0], 'value' | 'onChange' | 'source' | 'name'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, formState }) => (
        <ServerMultiSelect
          {...props}
          source={source}
          data-path={name}
          ref={field.ref}
          value={((field.value as number[] | undefined) ?? []).map(String)}
          onChange={(v) => field.onChange(v.map(Number))}
          onBlur={field.onBlur}
          error={errorOf(formState.errors, name)}
        />
      )}
    />
  );
}
