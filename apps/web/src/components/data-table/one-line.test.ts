import { describe, expect, it } from 'vitest';
import { dateTimeParts, keepsOnOneLine } from './one-line.ts';

const column = (id: string, meta?: { nowrap?: boolean }) => ({ id, columnDef: { meta } });

describe('keepsOnOneLine', () => {
  it('keeps number columns whole in every list', () => {
    expect(keepsOnOneLine(column('number'))).toBe(true);
    expect(keepsOnOneLine(column('requestNumber'))).toBe(true);
    expect(keepsOnOneLine(column('vehicleNumber'))).toBe(true);
  });
  it('lets other columns wrap unless they opt in or out', () => {
    expect(keepsOnOneLine(column('dropoffs'))).toBe(false);
    expect(keepsOnOneLine(column('request', { nowrap: true }))).toBe(true);
    expect(keepsOnOneLine(column('number', { nowrap: false }))).toBe(false);
  });
});

describe('dateTimeParts', () => {
  it('splits a date and time between the two, and leaves every other value alone', () => {
    expect(dateTimeParts('30 Nov 2026, 01:31 am IST')).toEqual(['30 Nov 2026,', '01:31 am IST']);
    expect(dateTimeParts('30 Nov 2026')).toBeNull();
    expect(dateTimeParts('OB-2026-000004')).toBeNull();
    expect(dateTimeParts('—')).toBeNull();
    expect(dateTimeParts(42)).toBeNull();
  });
});
