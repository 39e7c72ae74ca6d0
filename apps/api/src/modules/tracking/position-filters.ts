import { greatCircleKm } from '@freightdesk/shared/geo';
import { POSITION_OUTCOMES, type PositionFilter } from '@freightdesk/shared/schemas/tracking-devices';
import type { PositionFilterSettings } from '../../config-tracking.ts';
import type { DecodedPosition } from './osmand-decode.ts';

/**
 * The position filters (issue 31), after Traccar's FilterHandler (traccar/traccar
 * src/main/java/org/traccar/handler/FilterHandler.java: invalid, zero, duplicate, future, past,
 * accuracy, maxSpeed), with defaults for Indian road freight. A filtered position is still
 * answered 200, so the phone moves on; it never moves an order. `kept` ones are stored, used for
 * nothing, for whoever asks later what a device sent (a spoofer's jumps among them).
 */

/** A fix in use: where the device was last seen, and when (by its own clock). */
export type Fix = { latitude: number; longitude: number; at: Date };
/** What a position comes through: the open OsmAnd port, or a Traccar server's authenticated forwarding. */
export type Channel = 'port' | 'forward';
/** What the filters need to know of the device. */
export type DeviceFacts = { credential: 'issued' | 'typed' | 'simulated'; active: boolean };

/** Distance a fix may be off from the last without being a jump, besides what the speed limit allows. */
const JUMP_SLACK_KM = 1;
const HOUR = 3_600_000;

export type FilterContext = {
  channel: Channel;
  device: DeviceFacts;
  /** The device's last fix in use (or its trip's witnessed start: the plant at gate out). */
  last: Fix | null;
  /** The fix time of the device's last position stored here (duplicates). */
  lastFixTime: Date | null;
  now: Date;
  retentionDays: number;
  settings: PositionFilterSettings;
};

/** Who may speak for the device through this channel: the port takes issued identifiers only. */
function credentialFilter(ctx: FilterContext): PositionFilter | null {
  if (ctx.device.credential === 'simulated') {
    return 'simulated';
  }
  if (ctx.channel === 'port' && ctx.device.credential === 'typed') {
    return 'typed';
  }
  return ctx.device.active ? null : 'inactive';
}

/** The fix time: not ahead of the clock beyond a few minutes, not older than the positions kept, not the last one again. */
function timeFilter(p: DecodedPosition, ctx: FilterContext): PositionFilter | null {
  const at = p.fixTime.getTime();
  if (at > ctx.now.getTime() + ctx.settings.futureMinutes * 60_000) {
    return 'future';
  }
  if (at < ctx.now.getTime() - ctx.retentionDays * 24 * HOUR) {
    return 'past';
  }
  return ctx.lastFixTime && ctx.lastFixTime.getTime() === at ? 'duplicate' : null;
}

/**
 * An impossible jump: farther from the last fix than the speed limit allows in the time between
 * them (either way in time: a late fix from a backlog is measured the same), with a little slack
 * for the fixes' own errors.
 */
export function isJump(
  p: { latitude: number; longitude: number; fixTime: Date; accuracy: number | null },
  last: Fix,
  maxKmh: number,
): boolean {
  const hours = Math.abs(p.fixTime.getTime() - last.at.getTime()) / HOUR;
  const slack = JUMP_SLACK_KM + (p.accuracy ?? 0) / 1000;
  return greatCircleKm(last, p) > slack + maxKmh * hours;
}

/** The fix itself: in range, valid by the device's own word, accurate enough, reachable from the last. */
function fixFilter(p: DecodedPosition, ctx: FilterContext): PositionFilter | null {
  if (p.latitude === null || p.longitude === null) {
    return null;
  }
  if (Math.abs(p.latitude) > 90 || Math.abs(p.longitude) > 180) {
    return 'range';
  }
  if (!p.valid) {
    return 'invalid';
  }
  if (p.accuracy !== null && p.accuracy > ctx.settings.maxAccuracyM) {
    return 'accuracy';
  }
  const fix = { latitude: p.latitude, longitude: p.longitude, fixTime: p.fixTime, accuracy: p.accuracy };
  return ctx.last && isJump(fix, ctx.last, ctx.settings.maxSpeedKmh) ? 'jump' : null;
}

/** Why the position is filtered, or null: it is accepted. */
export function filterPosition(p: DecodedPosition, ctx: FilterContext): PositionFilter | null {
  return credentialFilter(ctx) ?? timeFilter(p, ctx) ?? fixFilter(p, ctx);
}

/** Is a position this filter stopped stored (used for nothing), or dropped? */
export const isKept = (reason: PositionFilter) => POSITION_OUTCOMES[reason].kept;
