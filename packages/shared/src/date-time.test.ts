import { describe, expect, it } from 'vitest';
import { formatCellDate, formatCellDateTime, formatDay, formatMoment, indiaDayKey } from './date-time.ts';

// 00:16 IST on 7 Dec 2026 is 18:46 UTC on 6 Dec; 23:52 IST on 5 Dec is 18:22 UTC.
const AFTER_MIDNIGHT = new Date('2026-12-06T18:46:00Z');
const BEFORE_MIDNIGHT = '2026-12-05T18:22:00.000Z';

describe('the one date-time format (India time)', () => {
  it('writes 00:16 IST as 12:16 am of the next day, never "24:16"', () => {
    expect(formatMoment(AFTER_MIDNIGHT)).toBe('07 Dec 2026, 12:16 am IST');
    expect(formatCellDateTime(AFTER_MIDNIGHT)).toBe('07-12-2026 00:16');
    expect(formatDay(AFTER_MIDNIGHT)).toBe('07 Dec 2026');
    expect(formatCellDate(AFTER_MIDNIGHT)).toBe('07-12-2026');
    expect(indiaDayKey(AFTER_MIDNIGHT)).toBe('2026-12-07');
  });

  it('writes 23:52 IST as 11:52 pm with its zone, and DD-MM-YYYY in cells', () => {
    expect(formatMoment(BEFORE_MIDNIGHT)).toBe('05 Dec 2026, 11:52 pm IST');
    expect(formatCellDateTime(BEFORE_MIDNIGHT)).toBe('05-12-2026 23:52');
    expect(formatDay(BEFORE_MIDNIGHT)).toBe('05 Dec 2026');
    expect(formatMoment('2026-12-05T06:35:00Z')).toBe('05 Dec 2026, 12:05 pm IST');
  });

  it('reads a plain day as that day and shows nothing for no value', () => {
    expect(formatDay('2026-12-05')).toBe('05 Dec 2026');
    expect(formatCellDate('2026-12-05')).toBe('05-12-2026');
    expect(formatMoment(null)).toBe('—');
    expect(formatDay(undefined)).toBe('—');
    expect(formatCellDateTime('')).toBe('');
    expect(formatMoment('not a date')).toBe('—');
  });

  it("equals the tz database's India time (Intl, Asia/Kolkata) at every minute it is tried on, 1946-2100", () => {
    const icu = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const from = Date.UTC(1946, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    const differ: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      // A spread of minutes over the years, with some at the edges of an India day.
      const at = new Date(from + Math.floor((((to - from) / 20_000) * i) / 60_000) * 60_000 + (i % 7) * 18_000_000);
      const parts = Object.fromEntries(icu.formatToParts(at).map((p) => [p.type, p.value]));
      const expected = `${parts.day}-${parts.month}-${parts.year} ${parts.hour === '24' ? '00' : parts.hour}:${parts.minute}`;
      if (formatCellDateTime(at) !== expected) {
        differ.push(`${at.toISOString()}: ${formatCellDateTime(at)} vs ${expected}`);
      }
    }
    expect(differ).toEqual([]);
  });
});
