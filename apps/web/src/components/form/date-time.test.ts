import { describe, expect, it } from 'vitest';
import { firstDayOffered, indiaTimeToIso, normaliseDateTime } from './date-time.ts';

describe('date-time picker values', () => {
  it('defaults the time to 12:00', () => {
    expect(normaliseDateTime('2026-11-22')).toBe('2026-11-22 12:00');
  });
  it('rounds minutes to the 5-minute step', () => {
    expect(normaliseDateTime('2026-11-22 09:07:00')).toBe('2026-11-22 09:05');
    expect(normaliseDateTime('2026-11-22 09:58')).toBe('2026-11-22 10:00');
    expect(normaliseDateTime('2026-11-22 14:30')).toBe('2026-11-22 14:30');
    expect(normaliseDateTime('2026-11-22T08:02')).toBe('2026-11-22 08:00');
  });
  it('stays on the same day at its end', () => {
    expect(normaliseDateTime('2026-11-22 23:58')).toBe('2026-11-22 23:55');
    expect(normaliseDateTime('2026-11-22 23:57:30')).toBe('2026-11-22 23:55');
  });
  it('passes empty and rejects malformed values', () => {
    expect(normaliseDateTime(null)).toBeNull();
    expect(normaliseDateTime('22-11-2026')).toBeNull();
    expect(normaliseDateTime('2026-11-22 25:00')).toBeNull();
    expect(normaliseDateTime('2026-11-22 10:ab')).toBeNull();
  });
});

describe('India time to ISO', () => {
  it('reads the picked time as India time', () => {
    expect(indiaTimeToIso('2026-11-22 12:00')).toBe('2026-11-22T06:30:00.000Z');
    expect(indiaTimeToIso(null)).toBeUndefined();
  });
});

describe('fields where the past makes no sense', () => {
  it('offer days from today, but leave an already past value where it is (the picker would move it)', () => {
    expect(firstDayOffered(null, '2026-11-22')).toBe('2026-11-22');
    expect(firstDayOffered('2026-11-25 10:00', '2026-11-22')).toBe('2026-11-22');
    expect(firstDayOffered('2026-11-22 10:00', '2026-11-22')).toBe('2026-11-22');
    expect(firstDayOffered('2026-11-20 10:00', '2026-11-22')).toBeUndefined();
  });
});
