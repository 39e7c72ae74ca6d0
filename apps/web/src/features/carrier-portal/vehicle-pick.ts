import type { CarrierVehicle } from '@freightdesk/shared/schemas/carrier-vehicles';

export type Driver = { driverName: string; driverMobile: string };

/**
 * The driver fields after the dispatcher picks one of its vehicles: a field it has not typed into
 * (empty, or still as the form or the last pick filled it) takes the vehicle's last driver; what it
 * typed itself stays. `filled` is what the form put there itself; the answer's `filled` replaces it.
 */
export function driverAfterPick(current: Driver, filled: Driver, vehicle: Pick<CarrierVehicle, 'driverName' | 'driverMobile'>) {
  const next = { ...current };
  const nextFilled = { ...filled };
  for (const key of ['driverName', 'driverMobile'] as const) {
    const last = vehicle[key];
    if (last && (current[key].trim() === '' || current[key] === filled[key])) {
      next[key] = last;
      nextFilled[key] = last;
    }
  }
  return { driver: next, filled: nextFilled };
}

/** A suggestion's second line: its last driver and order, and whether that order is still on the road. */
export function vehicleHint(v: CarrierVehicle): string {
  const driver = [v.driverName, v.driverMobile].filter(Boolean).join(' · ');
  const last = `last on ${v.lastOrderNumber}${v.onTheRoad ? ', still on the road' : ''}`;
  return driver ? `${driver} · ${last}` : last;
}
