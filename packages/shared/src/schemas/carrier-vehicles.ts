import { z } from 'zod';

/** The most vehicles one `GET /api/carrier/vehicles` answers; `more` says when others match. */
export const CARRIER_VEHICLES_LIMIT = 20;
/**
 * `GET /api/carrier/vehicles`: the carrier's own vehicles, from its latest orders, for the vehicle
 * pickers of its portal; `search` is a part of the number (spaces and dashes ignored).
 */
export const carrierVehiclesQuerySchema = z.object({
  search: z.string().trim().max(20, 'search can be at most 20 characters').optional(),
});
/**
 * A vehicle's papers as VAHAN last said (issue 37), in one line: `expired` (a document lapsed, or
 * the registration is not active), `expiring` (one ends within 15 days) or `valid`.
 */
export type VehiclePapers = { state: 'valid' | 'expiring' | 'expired'; text: string };

/** A vehicle of the carrier's, with the driver and the order it was last on (newest first). */
export type CarrierVehicle = {
  vehicleNumber: string;
  driverName: string | null;
  driverMobile: string | null;
  lastOrderNumber: string;
  lastPickupAt: string;
  /** Its last order is on the road (vehicle assigned up to arrived): it may not be free. */
  onTheRoad: boolean;
  /** Null while VAHAN has not been asked about it. */
  papers: VehiclePapers | null;
};
