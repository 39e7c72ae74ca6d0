import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import type { RequestInput } from '@freightdesk/shared/schemas/request';
import { MoneyField } from '../../components/form/number-field.tsx';
import { PriceWarning } from '../../components/form/price-warning.tsx';
import type { Direction } from './request-list.tsx';
import { type LaneQuery, useUsualPrice } from './api/get-usual-price.ts';

type Dropoff = { addressId?: number; stopId?: number } | undefined;

/** The lane and load as the usual-price call takes them; undefined until they are known. */
export function laneQuery(v: {
  plantId?: unknown;
  vehicleTypeId?: unknown;
  weightTonnes?: unknown;
  vehicleCount?: unknown;
  priceBasis?: unknown;
  dropoffs?: Dropoff[];
  pickupAddressId?: unknown;
}): LaneQuery | undefined {
  const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
  const dropoffs = (v.dropoffs ?? [])
    .map((d) => (d?.addressId ? `a${d.addressId}` : d?.stopId ? `s${d.stopId}` : ''))
    .filter(Boolean)
    .join(',');
  if (!positive(v.plantId) || !positive(v.vehicleTypeId) || !positive(v.weightTonnes) || (!dropoffs && !positive(v.pickupAddressId))) {
    return undefined;
  }
  return {
    plantId: v.plantId,
    vehicleTypeId: v.vehicleTypeId,
    weightTonnes: v.weightTonnes,
    vehicleCount: positive(v.vehicleCount) && Number.isInteger(v.vehicleCount) ? v.vehicleCount : 1,
    priceBasis: v.priceBasis === 'tonne' ? 'tonne' : 'trip',
    dropoffs: dropoffs || undefined,
    pickupAddressId: positive(v.pickupAddressId) ? v.pickupAddressId : undefined,
  };
}

/**
 * The target price (rupees, lakh grouping while typing) with a yellow note when it is far from the
 * lane's usual price: a ₹45 lakh target for a 20 t trip is a slip of the keyboard, and it would show
 * on the dashboard as a saving. A warning only; the shipper may know better.
 */
export function TargetPriceField({ form, dir }: { form: UseFormReturn<RequestInput>; dir: Direction }) {
  const [plantId, vehicleTypeId, weightTonnes, vehicleCount, priceBasis, dropoffs, pickupAddressId, target] = useWatch({
    control: form.control,
    name: ['plantId', 'vehicleTypeId', 'weightTonnes', 'vehicleCount', 'priceBasis', 'dropoffs', 'pickupAddressId', 'targetPriceRupees'],
  });
  const lane = laneQuery({
    plantId,
    vehicleTypeId,
    weightTonnes,
    vehicleCount,
    priceBasis,
    dropoffs: dropoffs as Dropoff[],
    pickupAddressId,
  });
  // Debounced as text: a new object each render would restart the timer for ever.
  const [debounced] = useDebouncedValue(lane ? JSON.stringify(lane) : '', 400);
  const band = useUsualPrice(dir, debounced);
  return (
    <Stack gap={4}>
      <MoneyField control={form.control} name="targetPriceRupees" label="Target price (INR)" />
      <PriceWarning rupees={target} band={lane ? band.data : undefined} />
    </Stack>
  );
}
