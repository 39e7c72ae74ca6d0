import { Autocomplete, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CarrierVehicle, VehiclePapers } from '@freightdesk/shared/schemas/carrier-vehicles';
import { useCarrierVehicles } from './api/carrier-vehicles.ts';
import { vehicleHint } from './vehicle-pick.ts';

/** VAHAN's last word on the vehicle's papers: red lapsed, orange ending within 15 days (AA on white). */
const PAPERS_COLOUR: Record<VehiclePapers['state'], string> = { expired: 'red.9', expiring: 'orange.9', valid: 'dimmed' };

/** The longest search `GET /api/carrier/vehicles` takes. */
const SEARCH_MAX = 20;

/**
 * The vehicle number of an Assign or Change vehicle dialog: typed as ever (upper case), with the
 * carrier's own vehicles offered as it types, searched on the server, each with its last driver
 * and its papers as VAHAN last said (a lapsed fitness shows before the vehicle is picked);
 * picking one hands that vehicle to `onPick` (the dialog fills the driver from it).
 */
export function VehicleNumberInput(props: {
  value: string;
  onChange: (value: string) => void;
  onPick: (vehicle: CarrierVehicle) => void;
  error?: string;
}) {
  const typed = props.value.trim().slice(0, SEARCH_MAX);
  const [search] = useDebouncedValue(typed, 250);
  const found = useCarrierVehicles(search);
  const vehicles = found.data?.data ?? [];
  const byNumber = new Map(vehicles.map((v) => [v.vehicleNumber, v]));
  return (
    <Autocomplete
      label="Vehicle number"
      withAsterisk
      placeholder="MH12AB1234"
      value={props.value}
      onChange={(v) => props.onChange(v.toUpperCase())}
      data={vehicles.map((v) => v.vehicleNumber)}
      // The server already searched (spaces and dashes ignored): show its rows as they are.
      filter={({ options }) => options}
      renderOption={({ option }) => {
        const v = byNumber.get(option.value);
        return (
          <div>
            <Text size="sm" fw={600} ff="monospace">
              {option.value}
            </Text>
            {v && (
              <Text size="xs" c={v.onTheRoad ? 'orange.9' : 'dimmed'}>
                {vehicleHint(v)}
              </Text>
            )}
            {v?.papers && (
              <Text size="xs" c={PAPERS_COLOUR[v.papers.state]} fw={v.papers.state === 'valid' ? undefined : 600}>
                {v.papers.text}
              </Text>
            )}
          </div>
        );
      }}
      onOptionSubmit={(number) => {
        const v = byNumber.get(number);
        if (v) {
          props.onPick(v);
        }
      }}
      rightSection={found.isFetching ? <Loader size={14} /> : undefined}
      error={props.error}
      data-autofocus
    />
  );
}
