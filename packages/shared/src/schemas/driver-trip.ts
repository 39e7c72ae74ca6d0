import { z } from 'zod';
import { ORDER_STATUSES } from '../status/order.ts';
import { TRIP_MOVES } from '../status/trip.ts';
import { carrierMoveBodySchema } from './execution.ts';
import { POSITION_OUTCOMES, type PositionOutcome } from './tracking-devices.ts';

/**
 * The driver's trip link (issue 35, record 0300): the carrier sends the driver a link for one trip;
 * no account; a token scoped to that order, ending with it. The carrier makes, reads and revokes
 * it; the driver's page reads the trip, shares the phone's location, marks the report and the
 * arrival and sends the POD through it.
 */

/** `POST /api/carrier/orders/{id}/driver-link`: the driver's mobile (10 digits), only to address the message. */
export const driverLinkBodySchema = z
  .object({
    driverPhone: z
      .string()
      .trim()
      .regex(/^[6-9]\d{9}$/, 'Mobile must be 10 digits starting with 6, 7, 8 or 9')
      .optional(),
  })
  .default({ driverPhone: undefined });
export type DriverLinkBody = z.input<typeof driverLinkBodySchema>;

/** The link as made: its token and URL are in this answer only (only the token's SHA-256 is kept). */
export const driverLinkCreatedSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  token: z.string(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DriverLinkCreated = z.infer<typeof driverLinkCreatedSchema>;

/** The order's current driver link as the carrier sees it (no token). */
export const driverLinkStateSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  active: z.boolean(),
});
export type DriverLinkState = z.infer<typeof driverLinkStateSchema>;

/** The token in the path of the driver's routes. */
export const tripTokenParamSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'No such link'),
});
export const tripDocumentParamSchema = tripTokenParamSchema.extend({
  documentId: z.coerce.number().int().positive(),
});

// The moves a driver may make (zod-free in status/trip.ts, for the trip page's first download).
export { TRIP_MOVES, type TripMove } from '../status/trip.ts';

const tripPlaceSchema = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
});

/** What the driver's page shows: this trip only — no price, no other order, no ids. */
export const driverTripSchema = z.object({
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  vehicleNumber: z.string().nullable(),
  driverName: z.string().nullable(),
  pickup: tripPlaceSchema,
  drops: z.array(tripPlaceSchema.extend({ latitude: z.number().nullable(), longitude: z.number().nullable() })),
  carrier: z.object({ name: z.string(), phone: z.string().nullable() }),
  shipper: z.object({ name: z.string() }),
  pickupAt: z.string().nullable(),
  nextMoves: z.array(z.enum(TRIP_MOVES)),
  documents: z.array(z.object({ kind: z.string(), name: z.string(), url: z.string() })),
  locationSharing: z.object({ lastAt: z.string().nullable() }),
});
export type DriverTrip = z.infer<typeof driverTripSchema>;

/** One position as the browser's Geolocation API gives it (speed in m/s, heading in degrees). */
export const tripPositionSchema = z.object({
  latitude: z.number().min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90'),
  longitude: z.number().min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180'),
  accuracy: z.number().min(0).max(100_000).nullish(),
  speed: z.number().min(0).max(150).nullish(),
  heading: z.number().min(0).max(360).nullish(),
  altitude: z.number().min(-1000).max(10_000).nullish(),
  at: z.iso.datetime({ offset: true, error: 'A time like 2026-12-06T10:00:00Z' }),
});
export const tripPositionsBodySchema = z.object({
  positions: z.array(tripPositionSchema).min(1, 'At least one position').max(50, 'At most 50 positions at a time'),
});
export type TripPositionsBody = z.input<typeof tripPositionsBodySchema>;

export const tripPositionsResultSchema = z.object({
  accepted: z.number().int(),
  outcomes: z.array(z.enum(Object.keys(POSITION_OUTCOMES) as [PositionOutcome, ...PositionOutcome[]])),
});

/** `POST /api/trip/{token}/report | arrive`. */
export const tripMoveBodySchema = carrierMoveBodySchema;
export type TripMoveBody = z.input<typeof tripMoveBodySchema>;
