import { describe, expect, it } from 'vitest';
import { paymentLines, planCardText, planLimitsText } from './plan-words.ts';

describe('plan words (issue 38)', () => {
  it('says 1 member and 1 plant, never "1 plants"', () => {
    expect(planCardText({ durationDays: 1, noOfMembers: 1, noOfPlants: 1 })).toBe('1 day · 1 member · 1 plant');
    expect(planCardText({ durationDays: 30, noOfMembers: 5, noOfPlants: 2 })).toBe('30 days · 5 members · 2 plants');
    expect(planLimitsText({ noOfMembers: 10, noOfPlants: 1 })).toBe('Up to 10 members and 1 plant');
  });

  it('lists a plan payment’s price, its GST parts and the total (issue 33)', () => {
    const within = { taxableRupees: 60000, cgstRupees: 5400, sgstRupees: 5400, igstRupees: 0, amountRupees: 70800 };
    expect(paymentLines(within).map((l) => `${l.label} ${l.rupees}`)).toEqual([
      'Plan price 60000',
      'CGST 9% 5400',
      'SGST 9% 5400',
      'Total to pay 70800',
    ]);
    const across = { ...within, cgstRupees: 0, sgstRupees: 0, igstRupees: 10800 };
    expect(paymentLines(across).map((l) => l.label)).toEqual(['Plan price', 'IGST 18%', 'Total to pay']);
  });
});
