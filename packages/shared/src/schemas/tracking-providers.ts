import { z } from 'zod';
import { SIM_CONSENT_STATES, SIM_OPERATORS, TRACKING_METHODS } from './tracking.ts';

/** One FASTag toll-plaza crossing of the trip (ULIP FASTAG/01, each seqNo once). */
export const tollCrossingSchema = z.object({
  seqNo: z.string(),
  readAt: z.string(),
  plaza: z.string(),
  /** Null when ULIP gives no usable geocode for the plaza (it is then not on the map). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  direction: z.string().nullable(),
  vehicleType: z.string().nullable(),
});
export type TollCrossing = z.infer<typeof tollCrossingSchema>;

/** What the provider poll last did for a trip. */
const pollFacts = {
  method: z.enum(TRACKING_METHODS).nullable(),
  lastPolledAt: z.string().nullable(),
  /** The provider's last failure, until a poll succeeds again. */
  lastError: z.string().nullable(),
};

/** `GET /api/tracking/{dir}/orders/:id/tolls`: the trip's toll crossings in read order. */
export const orderTollsSchema = z.object({
  orderId: z.number().int(),
  number: z.string(),
  vehicleNumber: z.string().nullable(),
  ...pollFacts,
  /** Reads of a crossing the provider sent twice (two readers of a lane), stored once. */
  duplicatesDropped: z.number().int(),
  /** Reads from before the trip started (the vehicle's previous trip), ignored. */
  beforeStartIgnored: z.number().int(),
  crossings: z.array(tollCrossingSchema),
});
export type OrderTolls = z.infer<typeof orderTollsSchema>;

/** One FOIS report of the rake, as stored: a station and its status (arrived, departed …). */
export const railReportSchema = z.object({
  at: z.string(),
  station: z.string().nullable(),
  status: z.string(),
  statusText: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type RailReportView = z.infer<typeof railReportSchema>;

/** `GET /api/tracking/{dir}/orders/:id/rail`: the rake's journey by FNR. */
export const orderRailSchema = z.object({
  orderId: z.number().int(),
  number: z.string(),
  fnr: z.string().nullable(),
  ...pollFacts,
  /** FOIS does not know the FNR (yet). */
  notFound: z.boolean(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  commodity: z.string().nullable(),
  eta: z.string().nullable(),
  /** The latest report, newest first in `reports` too. */
  current: railReportSchema.nullable(),
  reports: z.array(railReportSchema),
});
export type OrderRail = z.infer<typeof orderRailSchema>;

/** `GET /api/tracking/{dir}/orders/:id/sim`: the driver's consent and the phone's pings. */
export const orderSimSchema = z.object({
  orderId: z.number().int(),
  number: z.string(),
  simNumber: z.string().nullable(),
  simOperator: z.enum(SIM_OPERATORS).nullable(),
  consentState: z.enum(SIM_CONSENT_STATES).nullable(),
  consentUpdatedAt: z.string().nullable(),
  consentExpiresAt: z.string().nullable(),
  consentRequestedAt: z.string().nullable(),
  /** What the consent state means for the user, in a sentence. */
  consentText: z.string(),
  pingMinutes: z.number().int(),
  ...pollFacts,
});
export type OrderSim = z.infer<typeof orderSimSchema>;

export const SIM_CONSENT_LABEL: Record<(typeof SIM_CONSENT_STATES)[number], string> = {
  pending: 'Waiting for the driver',
  approved: 'Approved',
  rejected: 'Refused',
  revoked: 'Withdrawn',
  expired: 'Expired',
};
