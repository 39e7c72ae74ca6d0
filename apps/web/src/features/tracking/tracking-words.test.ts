import { describe, expect, it } from 'vitest';
import { TRIP_STATES } from '@freightdesk/shared/schemas/tracking';
import { ageText, delayText, minutesSince, spanText, speedText, TRIP_STATE_RANK } from './tracking-words.ts';

describe('tracking words', () => {
  it('says how old a fix is', () => {
    expect(ageText(0)).toBe('just now');
    expect(ageText(12)).toBe('12 min ago');
    expect(ageText(60)).toBe('1 h ago');
    expect(ageText(185)).toBe('3 h 5 min ago');
    expect(ageText(3 * 1440 + 5)).toBe('3 days ago');
  });

  it('never reads a fix from a clock ahead as negative', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(minutesSince('2026-01-01T10:02:00Z', now)).toBe(0);
    expect(minutesSince('2026-01-01T09:30:30Z', now)).toBe(29);
  });

  it('words speed, delay and spans', () => {
    expect(speedText(null)).toBe('—');
    expect(speedText(59.26)).toBe('59 km/h');
    expect(delayText(null)).toBe('—');
    expect(delayText(3)).toBe('On time');
    expect(delayText(80)).toBe('1 h 20 min late');
    expect(delayText(-25)).toBe('25 min early');
    expect(delayText(120)).toBe('2 h late');
    expect(spanText('2026-01-01T10:00:00Z', '2026-01-01T11:10:00Z')).toBe('1 h 10 min');
    expect(spanText('2026-01-01T10:00:00Z', null, Date.parse('2026-01-01T10:45:00Z'))).toBe('45 min');
  });

  it('ranks the states a cluster is coloured by: no signal, halted and delayed first', () => {
    const worstFirst = [...TRIP_STATES].sort((a, b) => TRIP_STATE_RANK[b] - TRIP_STATE_RANK[a]);
    expect(worstFirst).toEqual(['no_signal', 'halted', 'delayed', 'in_transit', 'waiting', 'arrived']);
  });
});
