import { describe, expect, it } from 'vitest';
import { co2eText, intensityText, monthText, offersText, percentText, tonneKmText } from './performance-format.ts';

describe('the Performance page’s figures', () => {
  it('writes tonnes to three decimals, tonne-km whole with Indian grouping, the intensity with its unit', () => {
    expect(co2eText(0.836)).toBe('0.836 t');
    expect(co2eText(1234.5)).toBe('1,234.500 t');
    expect(tonneKmText(1575000)).toBe('15,75,000');
    expect(intensityText(53.1)).toBe('53.1 g/tkm');
    expect(intensityText(60)).toBe('60.0 g/tkm');
    expect(intensityText(null)).toBe('—');
    expect(percentText(33.3)).toBe('33.3%');
    expect(percentText(null)).toBe('—');
  });

  it('names months and what acceptance was counted from', () => {
    expect(monthText('2026-09')).toBe('Sep 2026');
    expect(monthText('2027-01')).toBe('Jan 2027');
    expect(monthText('bad')).toBe('bad');
    expect(offersText({ offers: 4, offersAccepted: 1 })).toBe('1 accepted · 4 offers');
    expect(offersText({ offers: 1, offersAccepted: 1 })).toBe('1 accepted · 1 offer');
    expect(offersText({ offers: 0, offersAccepted: 0 })).toBe('No indent offers');
  });
});
