import { z } from 'zod';
import {
  ARRIVAL_DWELL_MINUTES,
  TRACKING_SETTING_MIN_DWELL_MINUTES,
  HALT_MINUTES,
  NO_SIGNAL_MINUTES,
  PUBLIC_LINK_GRACE_HOURS,
  SIM_PING_MINUTES,
} from '../constants.ts';

/**
 * A shipper's tracking settings (issue 10). A shipper that never saved them works with the
 * defaults of `constants.ts`. Values out of bounds are refused, never clamped: a halt alert after
 * 2 minutes or a link that lives a month is a typing mistake the user must see.
 */
export const TRACKING_SETTING_FIELDS = {
  haltMinutes: { label: 'Halt after', unit: 'minutes', min: 5, max: 720, default: HALT_MINUTES },
  noSignalMinutes: { label: 'No signal after', unit: 'minutes', min: 10, max: 1440, default: NO_SIGNAL_MINUTES },
  publicLinkGraceHours: { label: 'Public link grace', unit: 'hours', min: 0, max: 168, default: PUBLIC_LINK_GRACE_HOURS },
  simPingMinutes: { label: 'Phone-SIM ping every', unit: 'minutes', min: 5, max: 240, default: SIM_PING_MINUTES },
  arrivalDwellMinutes: {
    label: 'Arrival after a stay of',
    unit: 'minutes',
    min: TRACKING_SETTING_MIN_DWELL_MINUTES,
    max: 60,
    default: ARRIVAL_DWELL_MINUTES,
  },
} as const;
export type TrackingSettingField = keyof typeof TRACKING_SETTING_FIELDS;

function bounded(field: TrackingSettingField) {
  const { label, unit, min, max } = TRACKING_SETTING_FIELDS[field];
  const range = `${label} must be ${min}–${max} ${unit}`;
  return z
    .number({ error: `${label} is required` })
    .int(`${label} must be whole ${unit}`)
    .min(min, range)
    .max(max, range);
}

export const trackingSettingsInputSchema = z.object({
  haltMinutes: bounded('haltMinutes'),
  noSignalMinutes: bounded('noSignalMinutes'),
  publicLinkGraceHours: bounded('publicLinkGraceHours'),
  simPingMinutes: bounded('simPingMinutes'),
  arrivalDwellMinutes: bounded('arrivalDwellMinutes'),
});
export type TrackingSettingsInput = z.infer<typeof trackingSettingsInputSchema>;

/** The values a shipper that never saved its settings works with. */
export const DEFAULT_TRACKING_SETTINGS: TrackingSettingsInput = {
  haltMinutes: TRACKING_SETTING_FIELDS.haltMinutes.default,
  noSignalMinutes: TRACKING_SETTING_FIELDS.noSignalMinutes.default,
  publicLinkGraceHours: TRACKING_SETTING_FIELDS.publicLinkGraceHours.default,
  simPingMinutes: TRACKING_SETTING_FIELDS.simPingMinutes.default,
  arrivalDwellMinutes: TRACKING_SETTING_FIELDS.arrivalDwellMinutes.default,
};

/**
 * The version of settings never saved. It goes back as `If-Match` like any `updatedAt`, so a first
 * save made from the defaults is refused (409) when a colleague saved first.
 */
export const TRACKING_SETTINGS_DEFAULT_VERSION = new Date(0).toISOString();

export const trackingSettingsSchema = trackingSettingsInputSchema.extend({
  /** True while the shipper has never saved its own values. */
  isDefault: z.boolean(),
  /** The server-wide position retention (TRACKING_RETENTION_DAYS): the same for every shipper. */
  retentionDays: z.number().int(),
  updatedAt: z.string(),
});
export type TrackingSettings = z.infer<typeof trackingSettingsSchema>;
