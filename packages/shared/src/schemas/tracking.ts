import { z } from 'zod';
import { ORDER_STATUSES } from '../status/order.ts';
import { vehicleNumberSchema } from '../validation/india.ts';
import { dayQuery, idQuery, idRef, listQuerySchema } from './common.ts';
import { DEVICE_CREDENTIALS, TRACKING_DEVICE_KINDS, typedDeviceIdentifierSchema } from './tracking-devices.ts';

/**
 * Tracking (issue 10): an order's tracking method, its track, boards and the map. Devices:
 * tracking-devices.ts; public links: tracking-links.ts; Traccar's forwarding: traccar.ts.
 */

export const TRACKING_METHODS = ['device', 'sim', 'fastag', 'rail'] as const;
export type TrackingMethod = (typeof TRACKING_METHODS)[number];
export const TRACKING_METHOD_LABEL: Record<TrackingMethod, string> = {
  device: 'App / GPS device',
  sim: 'Phone SIM',
  fastag: 'FASTag',
  rail: 'Rail (FNR)',
};
export const SIM_OPERATORS = ['airtel', 'vi', 'jio', 'bsnl', 'other'] as const;
export type SimOperator = (typeof SIM_OPERATORS)[number];
/** Airtel and Vi consent lasts about a year, Jio asks per trip; BSNL and ported numbers cannot be tracked. */
export const SIM_OPERATOR_LABEL: Record<SimOperator, string> = { airtel: 'Airtel', vi: 'Vi', jio: 'Jio', bsnl: 'BSNL', other: 'Other' };
export const SIM_CONSENT_STATES = ['pending', 'approved', 'rejected', 'revoked', 'expired'] as const;
export type SimConsentState = (typeof SIM_CONSENT_STATES)[number];
export const POSITION_SOURCES = ['osmand', 'traccar', 'sim', 'fastag', 'rail', 'simulator', 'trip_link'] as const;
export type PositionSource = (typeof POSITION_SOURCES)[number];
export const POSITION_SOURCE_LABEL: Record<PositionSource, string> = {
  osmand: 'Phone / GPS',
  traccar: 'Traccar',
  sim: 'Phone SIM',
  fastag: 'FASTag',
  rail: 'Rail',
  simulator: 'Simulator',
  trip_link: "Driver's phone (trip link)",
};
export const TRACKING_EVENT_KINDS = ['geofence_enter', 'geofence_exit', 'halt', 'no_signal', 'delay', 'eway_expiring'] as const;
export type TrackingEventKind = (typeof TRACKING_EVENT_KINDS)[number];

/** The boards' tabs; `all` lists every active trip. */
export const TRACKING_TABS = ['in-transit', 'delayed', 'halted', 'no-signal', 'arrived'] as const;
export type TrackingTab = (typeof TRACKING_TABS)[number];
export const TRACKING_TAB_LABEL: Record<TrackingTab, string> = {
  'in-transit': 'In transit',
  delayed: 'Delayed',
  halted: 'Halted',
  'no-signal': 'No signal',
  arrived: 'Arrived',
};
/** A trip's state on the boards and the map (its colour). */
export const TRIP_STATES = ['waiting', 'in_transit', 'delayed', 'halted', 'no_signal', 'arrived'] as const;
export type TripState = (typeof TRIP_STATES)[number];

const fnrSchema = z
  .string({ error: 'FNR is required' })
  .trim()
  .regex(/^\d{11}$/, 'FNR must be 11 digits');
const simNumberSchema = z
  .string({ error: 'Mobile is required' })
  .trim()
  .regex(/^[6-9]\d{9}$/, 'Mobile must be 10 digits starting with 6, 7, 8 or 9');

/**
 * How an order is tracked (the carrier picks it when assigning the vehicle, the shipper can change
 * it): a registered device (`deviceId`; or a GPS unit's typed `identifier`, registered on the way —
 * a phone is paired first, for an identifier Freightdesk issues), the driver's SIM with its
 * operator, FASTag by vehicle number, or rail by FNR.
 */
export const trackingChoiceSchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('device'),
      deviceId: idRef('Choose a device').optional(),
      identifier: typedDeviceIdentifierSchema.optional(),
    }),
    z.object({
      method: z.literal('sim'),
      simNumber: simNumberSchema,
      simOperator: z.enum(SIM_OPERATORS, { error: 'Choose the operator' }),
    }),
    z.object({ method: z.literal('fastag'), vehicleNumber: vehicleNumberSchema.optional() }),
    z.object({ method: z.literal('rail'), fnr: fnrSchema }),
  ],
  { error: 'Choose device, sim, fastag or rail' },
);
export type TrackingChoice = z.infer<typeof trackingChoiceSchema>;

export const orderTrackingSchema = z.object({
  orderId: z.number().int(),
  method: z.enum(TRACKING_METHODS),
  device: z
    .object({ id: z.number().int(), label: z.string(), kind: z.enum(TRACKING_DEVICE_KINDS), credential: z.enum(DEVICE_CREDENTIALS) })
    .nullable(),
  simNumber: z.string().nullable(),
  simOperator: z.enum(SIM_OPERATORS).nullable(),
  consentState: z.enum(SIM_CONSENT_STATES).nullable(),
  consentExpiresAt: z.string().nullable(),
  /** Why phone-SIM tracking cannot work here (BSNL, ported numbers), when it cannot. */
  simNote: z.string().nullable(),
  vehicleNumber: z.string().nullable(),
  fnr: z.string().nullable(),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
});
export type OrderTracking = z.infer<typeof orderTrackingSchema>;

const point = { latitude: z.number(), longitude: z.number() };
export const lastPositionSchema = z.object({
  ...point,
  fixTime: z.string(),
  /** Minutes since the fix. */
  ageMinutes: z.number().int(),
  speedKmh: z.number().nullable(),
  bearing: z.number().nullable(),
  source: z.enum(POSITION_SOURCES),
  place: z.string().nullable(),
});
export type LastPosition = z.infer<typeof lastPositionSchema>;

export const plannedStopSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  kind: z.enum(['pickup', 'drop']),
  label: z.string(),
  city: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  geofenceRadiusM: z.number().int(),
  plannedAt: z.string().nullable(),
  /** When the vehicle entered and left its geofence. */
  arrivedAt: z.string().nullable(),
  leftAt: z.string().nullable(),
});
export type PlannedStop = z.infer<typeof plannedStopSchema>;

export const trackingEventSchema = z.object({
  kind: z.enum(TRACKING_EVENT_KINDS),
  at: z.string(),
  endedAt: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  text: z.string(),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

/** An order's track: what the live map shows. */
export const orderTrackSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  vehicleNumber: z.string().nullable(),
  state: z.enum(TRIP_STATES),
  tracking: orderTrackingSchema.nullable(),
  stops: z.array(plannedStopSchema),
  /** `[lat, lng, fixTime ms]`, simplified for long trips (at most 2,000 points). */
  trail: z.array(z.tuple([z.number(), z.number(), z.number()])),
  lastPosition: lastPositionSchema.nullable(),
  etaAt: z.string().nullable(),
  plannedAt: z.string().nullable(),
  delayMinutes: z.number().int().nullable(),
  kmLeft: z.number().nullable(),
  halts: z.array(trackingEventSchema),
  events: z.array(trackingEventSchema),
});
export type OrderTrack = z.infer<typeof orderTrackSchema>;

/** One place of the positions list (`locations/…`): a position with its address. */
export const trackPlaceSchema = z.object({
  id: z.number().int(),
  fixTime: z.string(),
  receivedAt: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  speedKmh: z.number().nullable(),
  source: z.enum(POSITION_SOURCES),
  /** The nearest shipped place: "12 km NE of Nashik, Maharashtra", a toll plaza, a station. */
  address: z.string().nullable(),
  providerRef: z.string().nullable(),
});
export type TrackPlace = z.infer<typeof trackPlaceSchema>;
export const trackPlacesQuerySchema = listQuerySchema.extend({ source: z.enum(POSITION_SOURCES).optional() });

export const scheduleRowSchema = z.object({
  seq: z.number().int(),
  kind: z.enum(['pickup', 'drop']),
  label: z.string(),
  plannedAt: z.string().nullable(),
  actualAt: z.string().nullable(),
  /** Actual minus planned (late is positive); for a stop not reached yet, the ETA's. */
  deltaMinutes: z.number().int().nullable(),
  etaAt: z.string().nullable(),
});
export const orderScheduleSchema = z.object({ orderId: z.number().int(), orderNumber: z.string(), rows: z.array(scheduleRowSchema) });
export type OrderSchedule = z.infer<typeof orderScheduleSchema>;

export const boardQuerySchema = listQuerySchema.extend({
  tab: z.enum(TRACKING_TABS).default('in-transit'),
  plantId: idQuery.optional(),
  carrierLinkId: idQuery.optional(),
  method: z.enum(TRACKING_METHODS).optional(),
  pickupFrom: dayQuery,
  pickupTo: dayQuery,
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

export const boardRowSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  state: z.enum(TRIP_STATES),
  plantName: z.string(),
  carrierName: z.string(),
  vehicleNumber: z.string().nullable(),
  method: z.enum(TRACKING_METHODS),
  pickupAt: z.string(),
  destination: z.string().nullable(),
  lastPlace: z.string().nullable(),
  lastFixTime: z.string().nullable(),
  speedKmh: z.number().nullable(),
  etaAt: z.string().nullable(),
  delayMinutes: z.number().int().nullable(),
});
export type BoardRow = z.infer<typeof boardRowSchema>;
export const boardResponseSchema = z.object({
  data: z.array(boardRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.record(z.enum(TRACKING_TABS), z.number().int()),
});
export type BoardResponse = z.infer<typeof boardResponseSchema>;

/** The all-in-one map: every active vehicle of the shipper (what the viewer may see). */
export const mapVehicleSchema = z.object({
  orderId: z.number().int(),
  requestType: z.number().int(),
  orderNumber: z.string(),
  vehicleNumber: z.string().nullable(),
  state: z.enum(TRIP_STATES),
  ...point,
  fixTime: z.string(),
  speedKmh: z.number().nullable(),
});
export type MapVehicle = z.infer<typeof mapVehicleSchema>;
