import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { currentMonth, reportFilters } from './use-report-params.ts';
import { emptyText, problemLines, rangeWords } from './report-words.ts';

const spend = { label: 'Spend', dateLabel: 'Pickup Date' };

describe('report words', () => {
  it('names a refused filter by its label on the page', () => {
    const err = new ApiError(400, 'VALIDATION', 'Invalid request', { to: 'The end date must not be before the start date' });
    expect(problemLines(err, 'Pickup Date')).toEqual(['Pickup Date: The end date must not be before the start date']);
    const exported = new ApiError(400, 'VALIDATION', 'Invalid request', { 'params.groupBy': 'groupBy must be one of: month' });
    expect(problemLines(exported, 'Pickup Date')).toEqual(['Group by: groupBy must be one of: month']);
    expect(problemLines(new ApiError(403, 'FORBIDDEN', 'You need the order list permission'), 'x')).toEqual([
      'You need the order list permission',
    ]);
    expect(problemLines(new Error('boom'), 'x')).toEqual(['Something went wrong. Please try again.']);
  });

  it('says what an empty report looked for', () => {
    expect(emptyText(spend, { from: '2026-09-01', to: '2026-09-30' })).toBe(
      'No Spend rows with a Pickup Date from 01 Sep 2026 to 30 Sep 2026. Widen the date range.',
    );
    expect(emptyText(spend, { from: '2026-09-01', plantId: 3 })).toBe(
      'No Spend rows with a Pickup Date from 01 Sep 2026 for these filters. Widen the date range or clear a filter.',
    );
    expect(emptyText(spend, {})).toBe('No Spend rows. Pick another date range.');
    expect(rangeWords('2026-09-01', '2026-09-01')).toBe('on 01 Sep 2026');
    expect(rangeWords(undefined, '2026-09-30')).toBe('up to 30 Sep 2026');
  });

  it('defaults to the current month, end day included', () => {
    expect(currentMonth('2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(currentMonth('2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(currentMonth('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('sends ids and direction as numbers, lane and days as text, and the grouping only when the report groups', () => {
    expect(reportFilters({ plantId: '3', direction: '1', from: '2026-09-01' }, 'month')).toEqual({
      plantId: 3,
      direction: 1,
      from: '2026-09-01',
      groupBy: 'month',
    });
    expect(reportFilters({ carrierLinkId: '7', to: '2026-09-30' }, undefined)).toEqual({ carrierLinkId: 7, to: '2026-09-30' });
    expect(reportFilters({ lane: 'Pune Chakan Plant → Surat' }, undefined)).toEqual({ lane: 'Pune Chakan Plant → Surat' });
  });
});
