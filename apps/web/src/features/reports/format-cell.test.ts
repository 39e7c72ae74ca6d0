import { describe, expect, it } from 'vitest';
import { formatCell, isNumericKind } from './format-cell.ts';

describe('report cells', () => {
  it('shows rupees with ₹ and Indian grouping, paise kept', () => {
    expect(formatCell('rupees', 101_750.5)).toBe('₹1,01,750.50');
    expect(formatCell('rupees', 12_34_567)).toBe('₹12,34,567.00');
    expect(formatCell('rupees', 0)).toBe('₹0.00');
    expect(formatCell('rupees', -2500)).toBe('-₹2,500.00');
    expect(formatCell('rupees', '41000.5')).toBe('₹41,000.50');
  });

  it('shows percentages and tonnes with one decimal', () => {
    expect(formatCell('percent', 12.345)).toBe('12.3%');
    expect(formatCell('percent', 100)).toBe('100.0%');
    expect(formatCell('percent', -4)).toBe('-4.0%');
    expect(formatCell('tonnes', 20.5)).toBe('20.5');
    expect(formatCell('tonnes', 123456.04)).toBe('1,23,456.0');
  });

  it('shows minutes as hours and minutes', () => {
    expect(formatCell('minutes', 85)).toBe('1 h 25 min');
    expect(formatCell('minutes', 45)).toBe('45 min');
    expect(formatCell('minutes', 0)).toBe('0 min');
  });

  it('shows counts with Indian grouping and text as it is', () => {
    expect(formatCell('count', 1_234_567)).toBe('12,34,567');
    expect(formatCell('count', 0)).toBe('0');
    expect(formatCell('text', 'Pune → Chakan')).toBe('Pune → Chakan');
    expect(formatCell('text', 2026)).toBe('2026');
  });

  it('shows nothing as a dash, whatever the kind', () => {
    for (const kind of ['text', 'count', 'rupees', 'percent', 'minutes', 'tonnes'] as const) {
      expect(formatCell(kind, null)).toBe('—');
      expect(formatCell(kind, undefined)).toBe('—');
    }
    expect(formatCell('count', 'n/a')).toBe('—');
  });

  it('right-aligns every kind but text', () => {
    expect(isNumericKind('text')).toBe(false);
    expect(isNumericKind('rupees')).toBe(true);
    expect(isNumericKind('minutes')).toBe(true);
  });
});
