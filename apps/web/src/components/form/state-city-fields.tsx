import { Autocomplete, Select } from '@mantine/core';
import { type Control, type FieldValues, type Path, type PathValue, useController } from 'react-hook-form';
import { matchState } from '@freightdesk/shared/validation/state';
import { useGeoCities, useGeoStates } from '../../lib/api/geo.ts';

/**
 * State and City of an address, one pair for every form (plants, locations, client and vendor
 * addresses, carriers): the state is picked from the geography's list, the city from that state's
 * cities, where a city not listed may still be typed. Renders the two fields (state first) for the
 * caller's grid. A saved state the list does not know is shown as a problem to fix, never dropped.
 */
export function StateCityFields<T extends FieldValues>(props: { control: Control<T>; state: Path<T>; city: Path<T>; required?: boolean }) {
  const { control, required = false } = props;
  const states = useGeoStates();
  const stateField = useController({ control, name: props.state });
  const cityField = useController({ control, name: props.city });
  const typed = (stateField.field.value as string | undefined) ?? '';
  const known = states.data ?? [];
  const match = typed ? matchState(known, typed) : undefined;
  const chosen = known.find((s) => s.name === match?.name);
  const cities = useGeoCities(chosen?.id);
  const unknown = Boolean(typed && states.data && !match?.name);
  return (
    <>
      <Select
        ref={stateField.field.ref}
        label="State"
        withAsterisk={required}
        placeholder={states.isLoading ? 'Loading states…' : 'Choose a state'}
        searchable
        clearable={!required}
        // Picking the chosen state again keeps it (a click must not silently empty a required field).
        allowDeselect={false}
        nothingFoundMessage="No state of that name"
        data={known.map((s) => s.name)}
        value={chosen?.name ?? null}
        onChange={(name) => {
          if ((name ?? '') !== (chosen?.name ?? '')) {
            // A city belongs to its state: a new state starts its city afresh.
            cityField.field.onChange('' as PathValue<T, Path<T>>);
          }
          stateField.field.onChange((name ?? '') as PathValue<T, Path<T>>);
        }}
        onBlur={stateField.field.onBlur}
        error={
          stateField.fieldState.error?.message ??
          (unknown
            ? `Saved as "${typed}", which is not a state we know${match?.suggestion ? ` (${match.suggestion}?)` : ''}: choose one.`
            : undefined)
        }
      />
      <Autocomplete
        ref={cityField.field.ref}
        label="City"
        withAsterisk={required}
        placeholder={chosen ? 'Pick or type a city' : 'Choose the state first, or type a city'}
        data={(cities.data ?? []).map((c) => c.name)}
        limit={100}
        value={(cityField.field.value as string | undefined) ?? ''}
        onChange={cityField.field.onChange}
        onBlur={cityField.field.onBlur}
        error={cityField.fieldState.error?.message}
      />
    </>
  );
}
