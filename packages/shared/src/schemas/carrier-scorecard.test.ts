import { describe, expect, it } from 'vitest';
import { scorecardQuerySchema, scorecardRange } from './carrier-scorecard.ts';

const TODAY = '2026-12-06';

describe('the carrier scorecard’s range', () => {
  it('fills a missing end: to today, from 90 days up to `to`', () => {
    expect(scorecardRange({}, TODAY)).toEqual({ from: '2026-09-08', to: TODAY });
    expect(scorecardRange({ to: '2026-03-31' }, TODAY)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(scorecardRange({ from: '2026-12-01' }, TODAY)).toEqual({ from: '2026-12-01', to: TODAY });
    // A start after today alone is a one-day range, not an end before its start.
    expect(scorecardRange({ from: '2027-01-05' }, TODAY)).toEqual({ from: '2027-01-05', to: '2027-01-05' });
  });

  it('names the field at fault: an end before its start, a range over 366 days', () => {
    expect(scorecardRange({ from: '2026-09-30', to: '2026-09-01' }, TODAY)).toMatchObject({ field: 'to' });
    expect(scorecardRange({ from: '2024-01-01', to: '2024-12-31' }, TODAY)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(scorecardRange({ from: '2025-01-01', to: '2026-01-02' }, TODAY)).toEqual({
      field: 'from',
      message: 'A range is at most 366 days: start on 2025-01-02 or later',
    });
    expect(scorecardRange({ from: '2025-01-01' }, TODAY)).toMatchObject({ field: 'from' });
  });

  it('refuses in the query schema at the field, a day that is no day at its own field only', () => {
    const issues = (q: object) => scorecardQuerySchema.safeParse(q).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ from: '2026-09-30', to: '2026-09-01' })).toEqual(['to: The end date must not be before the start date']);
    expect(issues({ from: '2026-02-30', to: '2026-09-01' })).toEqual(['from: No such day']);
    expect(issues({ from: '2026-09-01', to: '2026-09-30' })).toBeUndefined();
  });
});
