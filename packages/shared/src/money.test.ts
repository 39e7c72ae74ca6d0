import { describe, expect, it } from 'vitest';
import { financialYear, formatRupees, gstSplit, indianWords, rupeesInWords } from './money.ts';

describe('Indian money', () => {
  it('writes amounts in lakh and crore', () => {
    expect(indianWords(0)).toBe('Zero');
    expect(indianWords(7)).toBe('Seven');
    expect(indianWords(42)).toBe('Forty-Two');
    expect(indianWords(105)).toBe('One Hundred Five');
    expect(indianWords(1_00_000)).toBe('One Lakh');
    expect(indianWords(12_34_567)).toBe('Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven');
    expect(indianWords(1_00_00_000)).toBe('One Crore');
    expect(indianWords(1000_00_00_000)).toBe('One Thousand Crore');
    expect(indianWords(99_99_99_999)).toBe('Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine');
    expect(rupeesInWords(1_05_000_50)).toBe('Rupees One Lakh Five Thousand and Fifty Paise Only');
    expect(rupeesInWords(40_000_00)).toBe('Rupees Forty Thousand Only');
    expect(() => rupeesInWords(-1)).toThrow(RangeError);
    expect(() => rupeesInWords(1.5)).toThrow(RangeError);
  });

  it('groups digits the Indian way', () => {
    expect(formatRupees(1_23_45_678_90)).toBe('1,23,45,678.90');
  });

  it('finds the financial year in India time (31 March 23:00 IST is still the old year)', () => {
    expect(financialYear(new Date('2027-03-31T17:29:00Z')).label).toBe('2026-27');
    expect(financialYear(new Date('2027-03-31T18:31:00Z'))).toEqual({ label: '2027-28', from: '2027-04-01', to: '2028-03-31' });
    expect(financialYear(new Date('2026-11-24T10:00:00Z')).label).toBe('2026-27');
  });

  it('splits GST into CGST and SGST within a state and IGST across states, to the paisa', () => {
    expect(gstSplit(40_000_00, 5, '27AAPFU0939F1ZV', '27AABCS1429B1Z1')).toEqual({
      cgstPaise: 1_000_00,
      sgstPaise: 1_000_00,
      igstPaise: 0,
      totalTaxPaise: 2_000_00,
    });
    expect(gstSplit(40_000_00, 12, '27AAPFU0939F1ZV', '24AABCS1429B1Z1')).toEqual({
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 4_800_00,
      totalTaxPaise: 4_800_00,
    });
    // ₹333.33 at 5% within a state: 833.325 paise each half, rounded to 833; both halves equal.
    expect(gstSplit(333_33, 5, '27AAPFU0939F1ZV', '27AABCS1429B1Z1')).toMatchObject({ cgstPaise: 833, sgstPaise: 833 });
    // ₹1,000 crore at 18% stays exact.
    expect(gstSplit(1000_00_00_000_00, 18, '27AAPFU0939F1ZV', '24AABCS1429B1Z1').igstPaise).toBe(180_00_00_000_00);
  });
});
