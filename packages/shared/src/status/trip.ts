/**
 * The moves a driver may make on the trip link, as the carrier's own (the same status machine).
 * Zod-free, so the driver's trip page does not download the schemas (record 0310).
 */
export const TRIP_MOVES = ['report', 'arrive', 'deliver'] as const;
export type TripMove = (typeof TRIP_MOVES)[number];
