import { describe, expect, it } from 'vitest';
import { type TdsPayee, type TdsRule, tdsBaseOf, tdsOn, validPan } from './tds.ts';

const COMPANY = 'AABCV1234K'; // fourth letter C: a company, 2%
const INDIVIDUAL = 'ABCPK1234L'; // P: an individual, 1%
const HUF = 'ABCHK1234L'; // H: a Hindu undivided family, 1%
const rs = (rupees: number) => Math.round(rupees * 100);
const payee = (over: Partial<TdsPayee> = {}): TdsPayee => ({ pan: COMPANY, declaration: false, certificate: null, ...over });
const fresh = { basePaise: 0, coveredPaise: 0 };

type Case = {
  name: string;
  base: number;
  payee: TdsPayee;
  year?: { base: number; covered: number };
  /** The arithmetic, written out. */
  tds: number;
  rule: TdsRule;
  on?: number;
};

const cases: Case[] = [
  {
    name: 'a company paid ₹25,000, the first payment of the year: ≤ ₹30,000 and the year ≤ ₹1,00,000',
    base: 25_000,
    payee: payee(),
    tds: 0,
    rule: 'below_threshold',
  },
  { name: 'a company paid ₹40,000: above ₹30,000 at once, 2% × 40,000 = 800', base: 40_000, payee: payee(), tds: 800, rule: 'other' },
  { name: 'an individual paid ₹40,000: 1% × 40,000 = 400', base: 40_000, payee: payee({ pan: INDIVIDUAL }), tds: 400, rule: 'individual' },
  { name: 'a HUF paid ₹50,000: 1% × 50,000 = 500', base: 50_000, payee: payee({ pan: HUF }), tds: 500, rule: 'individual' },
  { name: 'no PAN, ₹40,000: 20% × 40,000 = 8,000 (206AA)', base: 40_000, payee: payee({ pan: null }), tds: 8_000, rule: 'no_pan' },
  {
    name: 'no PAN, ₹20,000 first in the year: below both limits, nothing to deduct',
    base: 20_000,
    payee: payee({ pan: null }),
    tds: 0,
    rule: 'below_threshold',
  },
  {
    name: 'a company after three payments of ₹30,000 none deducted on, now ₹20,000: the year reaches 1,10,000, 2% × (20,000 + 90,000) = 2,200',
    base: 20_000,
    payee: payee(),
    year: { base: 90_000, covered: 0 },
    tds: 2_200,
    rule: 'other',
    on: 1_10_000,
  },
  {
    name: 'a company after ₹45,000 deducted on and ₹30,000 not, now ₹28,000: the year reaches 1,03,000, 2% × (28,000 + 30,000) = 1,160',
    base: 28_000,
    payee: payee(),
    year: { base: 75_000, covered: 45_000 },
    tds: 1_160,
    rule: 'other',
    on: 58_000,
  },
  {
    name: 'a company whose year is past ₹1,00,000 and all deducted on, now ₹5,000: 2% × 5,000 = 100',
    base: 5_000,
    payee: payee(),
    year: { base: 1_20_000, covered: 1_20_000 },
    tds: 100,
    rule: 'other',
  },
  {
    name: 'a company below ₹1,00,000 for the year, now ₹35,000: above ₹30,000 but earlier small sums stay untouched, 2% × 35,000 = 700',
    base: 35_000,
    payee: payee(),
    year: { base: 50_000, covered: 0 },
    tds: 700,
    rule: 'other',
    on: 35_000,
  },
  {
    name: '194C(6) declaration with a PAN, ₹5,00,000: nothing',
    base: 5_00_000,
    payee: payee({ declaration: true }),
    tds: 0,
    rule: 'declaration',
  },
  {
    name: 'a declaration without a PAN does not count: 20% × 50,000 = 10,000',
    base: 50_000,
    payee: payee({ pan: null, declaration: true }),
    tds: 10_000,
    rule: 'no_pan',
  },
  {
    name: 'a certificate at 0.5% covering ₹1,00,000 more, ₹60,000 paid: 0.5% × 60,000 = 300',
    base: 60_000,
    payee: payee({ certificate: { ratePct: 0.5, remainingPaise: rs(1_00_000) } }),
    tds: 300,
    rule: 'certificate',
  },
  {
    name: 'a certificate at 0.5% covering ₹20,000 more, ₹60,000 paid: 0.5% × 20,000 + 2% × 40,000 = 100 + 800 = 900',
    base: 60_000,
    payee: payee({ certificate: { ratePct: 0.5, remainingPaise: rs(20_000) } }),
    tds: 900,
    rule: 'certificate',
  },
  {
    name: 'an individual paid ₹45,678.90: 1% = 456.789, rounded to the rupee: 457',
    base: 45_678.9,
    payee: payee({ pan: INDIVIDUAL }),
    tds: 457,
    rule: 'individual',
  },
  {
    name: 'a PAN of the wrong shape counts as none: 20% × 31,000 = 6,200',
    base: 31_000,
    payee: payee({ pan: 'ABCDE12345' }),
    tds: 6_200,
    rule: 'no_pan',
  },
];

describe('TDS on freight (194C; section 393 of the 2025 Act), worked cases', () => {
  it.each(cases)('$name', (c) => {
    const year = c.year ? { basePaise: rs(c.year.base), coveredPaise: rs(c.year.covered) } : fresh;
    const result = tdsOn(rs(c.base), c.payee, year);
    expect(result.tdsPaise).toBe(rs(c.tds));
    expect(result.rule).toBe(c.rule);
    expect(result.basePaise).toBe(rs(c.base));
    if (c.on !== undefined) {
      expect(result.deductedOnPaise).toBe(rs(c.on));
    }
  });

  it('has at least twelve worked cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(12);
  });

  it('takes the base without GST shown separately: ₹1,18,000 paid on ₹1,00,000 + 18% GST is ₹1,00,000 of freight', () => {
    expect(tdsBaseOf(rs(1_18_000), rs(1_00_000), rs(1_18_000))).toBe(rs(1_00_000));
    // Half of it paid: half the freight.
    expect(tdsBaseOf(rs(59_000), rs(1_00_000), rs(1_18_000))).toBe(rs(50_000));
    // Under reverse charge the approved amount is the taxable value: the whole payment.
    expect(tdsBaseOf(rs(83_700), rs(83_700), rs(83_700))).toBe(rs(83_700));
  });

  it('reads a PAN as five letters, four digits and a letter', () => {
    expect(validPan(COMPANY)).toBe(true);
    expect(validPan('aabcv1234k')).toBe(false);
    expect(validPan(null)).toBe(false);
  });
});
