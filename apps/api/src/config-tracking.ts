import { z } from 'zod';
import { POSITION_FUTURE_LIMIT_MINUTES } from '@freightdesk/shared/constants';

/**
 * How far positions are trusted (issue 31; docs/operations.md "Tracking filters"): the address
 * phones are given, the position filters (as Traccar's FilterHandler, with defaults for Indian
 * road freight), and the OsmAnd port's limit per source address.
 */
export const trackingTrustEnv = {
  /** What phones report to, shown on the setup card: the tracking port as the outside reaches it. */
  TRACKING_PUBLIC_URL: z
    .url('must be a URL like http://track.example.com:5055')
    .refine((s) => /^https?:\/\//.test(s), 'must start with http:// or https://')
    .optional(),
  /** A fix implying a speed above this from the device's last one is an impossible jump (km/h). */
  TRACKING_MAX_SPEED_KMH: z.coerce.number().int().min(60).max(1000).default(150),
  /** A fix less accurate than this (metres) is kept but not used. */
  TRACKING_MAX_ACCURACY_M: z.coerce.number().int().min(10).max(100_000).default(1000),
  /** A fix this far ahead of the server's clock is dropped (minutes). */
  TRACKING_FUTURE_MINUTES: z.coerce.number().int().min(1).max(1440).default(POSITION_FUTURE_LIMIT_MINUTES),
  /** Requests a second one source address may send to the OsmAnd port, sustained … */
  TRACKING_PORT_RATE: z.coerce.number().int().min(1).max(100_000).default(20),
  /** … and at once (a phone sending its backlog after a day without network). */
  TRACKING_PORT_BURST: z.coerce.number().int().min(1).max(1_000_000).default(600),
};

type TrackingTrustEnv = {
  TRACKING_PUBLIC_URL?: string;
  TRACKING_MAX_SPEED_KMH: number;
  TRACKING_MAX_ACCURACY_M: number;
  TRACKING_FUTURE_MINUTES: number;
  TRACKING_PORT_RATE: number;
  TRACKING_PORT_BURST: number;
  TRACKING_PORT: number;
  PUBLIC_URL?: string;
};

/** The position filters' settings (`modules/tracking/position-filters.ts`). */
export type PositionFilterSettings = {
  maxSpeedKmh: number;
  maxAccuracyM: number;
  futureMinutes: number;
};

export type TrackingTrust = {
  /** The tracking port's address as phones reach it (http://host:5055 by default). */
  publicUrl: string;
  filters: PositionFilterSettings;
  /** The OsmAnd port's limit per source address: a token bucket of `burst`, refilled `rate` a second. */
  portLimit: { rate: number; burst: number };
};

/** TRACKING_PUBLIC_URL, else PUBLIC_URL's host (or localhost) on the tracking port over http. */
function trackingPublicUrl(e: TrackingTrustEnv): string {
  if (e.TRACKING_PUBLIC_URL) {
    return e.TRACKING_PUBLIC_URL.replace(/\/$/, '');
  }
  const host = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : 'localhost';
  return `http://${host.includes(':') ? `[${host}]` : host}:${e.TRACKING_PORT || 5055}`;
}

export function trackingTrust(e: TrackingTrustEnv): TrackingTrust {
  return {
    publicUrl: trackingPublicUrl(e),
    filters: { maxSpeedKmh: e.TRACKING_MAX_SPEED_KMH, maxAccuracyM: e.TRACKING_MAX_ACCURACY_M, futureMinutes: e.TRACKING_FUTURE_MINUTES },
    portLimit: { rate: e.TRACKING_PORT_RATE, burst: e.TRACKING_PORT_BURST },
  };
}
