import { z } from 'zod';
import { dataAnswer } from './answers.ts';
import { listResponseSchema } from './common.ts';
import { GATE_STATES, gateBoardRowSchema } from './gate-board.ts';
import {
  boardResponseSchema,
  mapVehicleSchema,
  orderScheduleSchema,
  orderTrackingSchema,
  orderTrackSchema,
  TRACKING_TABS,
  trackPlaceSchema,
} from './tracking.ts';
import { devicePairingSchema, POSITION_OUTCOMES, type PositionOutcome, trackingDeviceSchema } from './tracking-devices.ts';
import { trackingLinkSchema } from './tracking-links.ts';
import { orderRailSchema, orderSimSchema, orderTollsSchema } from './tracking-providers.ts';

/**
 * The declared answers of the tracking and gate routes (issue 34): a company's tracking devices,
 * an order's tracking method, places, schedule, providers' reads and public links, the live map,
 * the Traccar forward, and the guard's gate board.
 */

/** Every key of `keys` with a whole count (a record of an enum, spelt out for the document). */
const countsOf = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<K, z.ZodNumber>);

/** `GET /api/tracking/{dir}/board`: a page of the tab's trips, and how many trips each tab holds. */
export const trackingBoardAnswer = boardResponseSchema.extend({ counts: countsOf(TRACKING_TABS) });
/**
 * The carrier's read of an order's track (tracking.ts OrderTrack); each trail point is
 * `[lat, lng, fixTime ms]`, declared as an array of three numbers.
 */
export const carrierOrderTrackAnswer = dataAnswer(orderTrackSchema.extend({ trail: z.array(z.array(z.number()).length(3)) }));

export const trackingDeviceListAnswer = listResponseSchema(trackingDeviceSchema);
export const trackingDeviceAnswer = dataAnswer(trackingDeviceSchema);
/** `POST …/tracking/devices` (201): the device, and for a phone its pairing, shown this once. */
export const trackingDeviceCreatedAnswer = trackingDeviceAnswer.extend({ pairing: devicePairingSchema.optional() });
/** `POST …/devices/:id/identifier`: the phone's new identifier and setup card, shown this once. */
export const devicePairingAnswer = dataAnswer(devicePairingSchema);

/** An order's tracking method as set (read or after `PUT …/method`). */
export const orderTrackingAnswer = dataAnswer(orderTrackingSchema);
/** The carrier's read of an order's method: null before one is set. */
export const orderTrackingOrNoneAnswer = dataAnswer(orderTrackingSchema.nullable());
export const trackPlaceListAnswer = listResponseSchema(trackPlaceSchema);
export const orderScheduleAnswer = dataAnswer(orderScheduleSchema);
export const orderTollsAnswer = dataAnswer(orderTollsSchema);
export const orderRailAnswer = dataAnswer(orderRailSchema);
export const orderSimAnswer = dataAnswer(orderSimSchema);
/** `POST …/orders/:id/ask` (202): when the provider was asked for a fresh position. */
export const askProviderAnswer = dataAnswer(z.object({ askedAt: z.string() }));
export const trackingLinkAnswer = dataAnswer(trackingLinkSchema);
export const trackingLinkListAnswer = dataAnswer(z.array(trackingLinkSchema));
export const trackingMapAnswer = dataAnswer(z.array(mapVehicleSchema));

const outcomes = Object.keys(POSITION_OUTCOMES) as [PositionOutcome, ...PositionOutcome[]];
/**
 * `POST /api/tracking/traccar`: what became of a forwarded position: `stored` with its `outcome`
 * (accepted, or why it was filtered), or not stored with the `reason` (an unknown device).
 */
export const traccarForwardAnswer = dataAnswer(
  z.object({ stored: z.boolean(), outcome: z.enum(outcomes).optional(), reason: z.string().optional() }),
);

/** `GET /api/gate/{dir}`: the guard's board of one plant and one day (gate-board.ts GateBoard). */
export const gateBoardAnswer = dataAnswer(
  z.object({
    plant: z.object({ id: z.number().int(), name: z.string() }),
    /** The plants this user may open the board of (the picker). */
    plants: z.array(z.object({ id: z.number().int(), name: z.string() })),
    day: z.string(),
    counts: countsOf(GATE_STATES),
    rows: z.array(gateBoardRowSchema),
  }),
);
/** `GET /api/gate/{dir}/other-days`: vehicles due on a later day, each with that India day. */
export const gateOtherDaysAnswer = listResponseSchema(gateBoardRowSchema.extend({ day: z.string() }));
