import { describe, expect, it } from 'vitest';
import { inrShort, monthLabel, reportLink } from './chart-format.ts';

describe('the dashboard charts’ words', () => {
  it('shows rupees in lakh and crore', () => {
    expect(inrShort(0)).toBe('₹0');
    expect(inrShort(45_000.4)).toBe('₹45,000');
    expect(inrShort(99_999)).toBe('₹99,999');
    expect(inrShort(1_00_000)).toBe('₹1 L');
    expect(inrShort(1_25_000)).toBe('₹1.25 L');
    expect(inrShort(12_34_567)).toBe('₹12.35 L');
    expect(inrShort(1_00_00_000)).toBe('₹1 Cr');
    expect(inrShort(3_40_00_000)).toBe('₹3.4 Cr');
    expect(inrShort(-2_50_000)).toBe('-₹2.5 L');
  });

  it('names a month', () => {
    expect(monthLabel('2026-03')).toBe('Mar 2026');
    expect(monthLabel('2025-12')).toBe('Dec 2025');
  });

  it('opens the report behind a chart on the dashboard’s days and plant', () => {
    expect(reportLink('spend', { startDate: '2026-04-01', endDate: '2026-04-30', plantId: 3 }, 'month')).toBe(
      '/my-reports?report=spend&groupBy=month&from=2026-04-01&to=2026-04-30&plantId=3',
    );
    expect(reportLink('carrier-scorecard', { startDate: null, endDate: null, plantId: null })).toBe(
      '/my-reports?report=carrier-scorecard&days=any',
    );
  });
});
