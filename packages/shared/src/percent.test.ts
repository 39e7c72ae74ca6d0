import { describe, expect, it } from 'vitest';
import { formatPct, pctOf, roundPct } from './percent.ts';

describe('percentages (issue 38)', () => {
  it('keeps one decimal, whole numbers included', () => {
    expect(formatPct(4)).toBe('4.0%');
    expect(formatPct(4.3)).toBe('4.3%');
    expect(formatPct(-2.25)).toBe('-2.3%');
    expect(formatPct(null)).toBe('—');
    expect(formatPct(undefined, 'Not yet')).toBe('Not yet');
  });

  it('rounds a part of a whole to one decimal, and has none without a whole', () => {
    expect(pctOf(1_700, 40_000)).toBe(4.3);
    expect(pctOf(1_600, 40_000)).toBe(4);
    expect(pctOf(2_500, 40_000)).toBe(6.3);
    expect(pctOf(5, 0)).toBeNull();
    expect(roundPct(87.46)).toBe(87.5);
  });
});
