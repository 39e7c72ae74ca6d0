import { describe, expect, it } from 'vitest';
import type { DecodedPosition } from './osmand-decode.ts';
import { type FilterContext, filterPosition, isJump, isKept } from './position-filters.ts';

const now = new Date('2026-12-05T06:00:00Z');
const minutes = (m: number) => new Date(now.getTime() + m * 60_000);
const PUNE = { latitude: 18.5204, longitude: 73.8567 };

const position = (over: Partial<DecodedPosition> = {}): DecodedPosition => ({
  identifier: 'X',
  fixTime: minutes(-1),
  latitude: PUNE.latitude,
  longitude: PUNE.longitude,
  speedKmh: 40,
  bearing: null,
  altitude: null,
  accuracy: 8,
  battery: null,
  valid: true,
  attributes: {},
  ...over,
});

const ctx = (over: Partial<FilterContext> = {}): FilterContext => ({
  channel: 'port',
  device: { credential: 'issued', active: true },
  last: null,
  lastFixTime: null,
  now,
  retentionDays: 180,
  settings: { maxSpeedKmh: 150, maxAccuracyM: 1000, futureMinutes: 10 },
  ...over,
});

describe('the position filters (as Traccar’s FilterHandler)', () => {
  it('accepts an ordinary fix of a paired phone', () => {
    expect(filterPosition(position(), ctx())).toBeNull();
  });

  it('drops a typed identifier on the open port, takes it through Traccar, and never takes the demo’s simulated phone', () => {
    expect(filterPosition(position(), ctx({ device: { credential: 'typed', active: true } }))).toBe('typed');
    expect(filterPosition(position(), ctx({ channel: 'forward', device: { credential: 'typed', active: true } }))).toBeNull();
    expect(filterPosition(position(), ctx({ channel: 'forward', device: { credential: 'simulated', active: true } }))).toBe('simulated');
    expect(filterPosition(position(), ctx({ device: { credential: 'issued', active: false } }))).toBe('inactive');
  });

  it('filters fixes ahead of the clock beyond the setting, and older than the positions kept (a 2013 fix, a GPS week rollover)', () => {
    expect(filterPosition(position({ fixTime: minutes(9) }), ctx())).toBeNull();
    expect(filterPosition(position({ fixTime: minutes(11) }), ctx())).toBe('future');
    expect(filterPosition(position({ fixTime: new Date('2013-08-22T13:14:27Z') }), ctx())).toBe('past');
    const rollover = new Date(now.getTime() - 1024 * 7 * 24 * 3_600_000);
    expect(filterPosition(position({ fixTime: rollover }), ctx())).toBe('past');
  });

  it('filters the device’s last fix time sent again, coordinates out of range, the device’s own invalid flag and poor accuracy', () => {
    expect(filterPosition(position(), ctx({ lastFixTime: minutes(-1) }))).toBe('duplicate');
    expect(filterPosition(position({ latitude: 95 }), ctx())).toBe('range');
    expect(filterPosition(position({ valid: false }), ctx())).toBe('invalid');
    expect(filterPosition(position({ accuracy: 1500 }), ctx())).toBe('accuracy');
    expect(filterPosition(position({ accuracy: 900 }), ctx())).toBeNull();
  });

  it('a report without a fix is never a jump or out of range', () => {
    expect(filterPosition(position({ latitude: null, longitude: null }), ctx({ last: { ...PUNE, at: minutes(-2) } }))).toBeNull();
  });

  it('filters an impossible jump from the last fix, either way in time, and lets a truck’s road speed through', () => {
    const last = { ...PUNE, at: minutes(-31) };
    // Bhiwandi is about 120 km from Pune: 30 minutes apart is 240 km/h, five hours is 24 km/h.
    const bhiwandi = { latitude: 19.2967, longitude: 73.0631 };
    expect(filterPosition(position({ ...bhiwandi }), ctx({ last }))).toBe('jump');
    expect(filterPosition(position({ ...bhiwandi }), ctx({ last: { ...PUNE, at: minutes(-301) } }))).toBeNull();
    expect(filterPosition(position({ ...bhiwandi, fixTime: minutes(-61) }), ctx({ last: { ...PUNE, at: minutes(-31) } }))).toBe('jump');
    // GPS jitter of a few hundred metres a second apart is no jump.
    expect(isJump({ latitude: 18.5224, longitude: 73.8567, fixTime: minutes(0), accuracy: 20 }, { ...PUNE, at: minutes(0) }, 150)).toBe(
      false,
    );
  });

  it('keeps what someone may later ask about (invalid, inaccurate, jumps) and drops the rest', () => {
    expect(['invalid', 'accuracy', 'jump'].every((r) => isKept(r as 'jump'))).toBe(true);
    expect(['future', 'past', 'duplicate', 'range', 'typed', 'simulated', 'inactive'].some((r) => isKept(r as 'jump'))).toBe(false);
  });
});
