import { z } from 'zod';
import { listQuerySchema, optionalText } from './common.ts';
import { indianNumber } from '../indian-number.ts';

/**
 * Tracking devices and their trust (issue 31; docs/security.md "Device trust"). A phone is paired:
 * Freightdesk issues its identifier (128 random bits), shows it once on a setup card, and keeps
 * only its hash. A GPS unit that cannot change its identifier (an IMEI) is typed by hand and
 * reports only through a Traccar server's authenticated forwarding.
 */

export const TRACKING_DEVICE_KINDS = ['phone', 'gps', 'lent'] as const;
export type TrackingDeviceKind = (typeof TRACKING_DEVICE_KINDS)[number];
export const TRACKING_DEVICE_KIND_LABEL: Record<TrackingDeviceKind, string> = {
  phone: 'Phone app',
  gps: 'GPS device',
  lent: 'Lent GPS lock',
};
export const DEVICE_CREDENTIALS = ['issued', 'typed', 'simulated'] as const;
export type DeviceCredential = (typeof DEVICE_CREDENTIALS)[number];
export const DEVICE_CREDENTIAL_LABEL: Record<DeviceCredential, string> = {
  issued: 'Paired (identifier issued by Freightdesk)',
  typed: 'Typed identifier (through a Traccar server)',
  simulated: 'Simulated by the server (demo)',
};

/** Characters of an issued identifier: Crockford's base32 (no I, L, O, U), 26 of them carry 130 bits. */
export const ISSUED_ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ISSUED_ID_LENGTH = 26;

/**
 * What happened to a device's positions: `accepted` (in use), or why one was filtered. `kept`
 * positions are stored but used for nothing (no trail, last position, geofence or alert), for
 * whoever must later see what the device sent; the others are dropped. Every filtered position is
 * answered 200 all the same, so the phone moves on to its next one (Traccar Client retries a
 * refused position forever, and one refusal stalls its whole backlog).
 */
export const POSITION_OUTCOMES = {
  accepted: { label: 'accepted', kept: true },
  future: { label: 'fix time ahead of the clock', kept: false },
  past: { label: 'older than the positions kept', kept: false },
  duplicate: { label: 'same fix time as the last', kept: false },
  range: { label: 'coordinates out of range', kept: false },
  invalid: { label: 'marked invalid by the device', kept: true },
  accuracy: { label: 'poor accuracy', kept: true },
  jump: { label: 'impossible jump from the last position', kept: true },
  typed: { label: 'typed identifier on the open port (must come through Traccar)', kept: false },
  simulated: { label: 'demo device reported from outside', kept: false },
  inactive: { label: 'device switched off', kept: false },
} as const;
export type PositionOutcome = keyof typeof POSITION_OUTCOMES;
export type PositionFilter = Exclude<PositionOutcome, 'accepted'>;

const typedIdentifierSchema = z
  .string({ error: 'Identifier is required' })
  .trim()
  .min(4, 'At least 4 characters')
  .max(64, 'At most 64 characters')
  .regex(/^[\x21-\x7e]+$/, 'Use letters, digits and symbols without spaces (as the device sends it)');

/**
 * Registering a device: a phone is paired (no identifier: one is issued); a GPS unit is registered
 * by the identifier printed on it (an IMEI), which reaches us only through Traccar.
 */
export const trackingDeviceInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('phone'), name: optionalText(80) }),
    z.object({ kind: z.literal('gps'), identifier: typedIdentifierSchema, name: optionalText(80) }),
  ],
  { error: 'Choose phone app or GPS device' },
);
export type TrackingDeviceInput = z.infer<typeof trackingDeviceInputSchema>;
/** A typed identifier (a GPS unit's), as the order's tracking dialog takes it on the way. */
export const typedDeviceIdentifierSchema = typedIdentifierSchema;

const healthRowSchema = z.object({
  reason: z.enum(Object.keys(POSITION_OUTCOMES) as [PositionOutcome, ...PositionOutcome[]]),
  count: z.number().int(),
  lastAt: z.string(),
});
export type DeviceHealthRow = z.infer<typeof healthRowSchema>;

export const trackingDeviceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TRACKING_DEVICE_KINDS),
  credential: z.enum(DEVICE_CREDENTIALS),
  /** How people name it: a typed identifier whole, an issued one by its last four characters (`…K7QZ`). */
  label: z.string(),
  name: z.string().nullable(),
  owner: z.enum(['shipper', 'carrier']),
  status: z.enum(['active', 'inactive']),
  lastSeenAt: z.string().nullable(),
  /** The order number of its active trip, if any (null also when the viewer may not open that order). */
  activeOrderNumber: z.string().nullable(),
  /** What its positions came to, by reason: accepted first. */
  health: z.array(healthRowSchema),
  createdAt: z.string(),
});
export type TrackingDevice = z.infer<typeof trackingDeviceSchema>;
export const trackingDeviceListQuerySchema = listQuerySchema.extend({ status: z.enum(['active', 'inactive']).optional() });

/**
 * What a phone needs to report here, shown once when it is paired (or its identifier issued
 * again): the identifier, the tracking server's address, and `setupUri` for Traccar Client's QR
 * scanner (its settings: the server URL with the identifier and tracking settings as parameters).
 */
export const devicePairingSchema = z.object({
  device: trackingDeviceSchema,
  identifier: z.string(),
  serverUrl: z.string(),
  setupUri: z.string(),
  /** OsmAnd's online-tracking address template ({0} lat, {1} lon, {2} time, {3} hdop, {4} altitude, {5} speed). */
  osmandUrl: z.string(),
});
export type DevicePairing = z.infer<typeof devicePairingSchema>;

/** "37 positions dropped: older than the positions kept", for each filter that stopped some. */
export function healthSummary(rows: DeviceHealthRow[]): string[] {
  return rows
    .filter((r) => r.reason !== 'accepted' && r.count > 0)
    .map((r) => {
      const o = POSITION_OUTCOMES[r.reason];
      const n = `${indianNumber(r.count)} ${r.count === 1 ? 'position' : 'positions'}`;
      return `${n} ${o.kept ? 'kept but not used' : 'dropped'}: ${o.label}`;
    });
}
