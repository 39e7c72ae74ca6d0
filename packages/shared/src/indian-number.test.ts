import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { indianNumber, indianRupees, isOne } from './indian-number.ts';

// Node carries full ICU: the engine's own en-IN text is the reference the hand-written one must equal.
const icuNumber = (n: number, min: number, max: number) =>
  n.toLocaleString('en-IN', { minimumFractionDigits: min, maximumFractionDigits: max });
const icuRupees = (n: number, min: number, max: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: min, maximumFractionDigits: max }).format(n);

/** A repeatable spread of values: whole, fractional, tiny, huge, halves, negatives. */
function samples(): number[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const fixed = [
    0, -0, 1, -1, 0.5, 1.005, 2.675, 0.125, 1.45, -0.0001, 999, 1000, 99_999.995, 1e21, 1.5e22, 123_456_789.125, 1e-7, 1.234e-6,
  ];
  const random = Array.from({ length: 3000 }, (_, i) => {
    const magnitude = 10 ** Math.floor(next() * 16 - 4);
    const value = next() * magnitude;
    const shaped = i % 3 === 0 ? Math.round(value) : i % 3 === 1 ? Math.round(value * 1000) / 1000 + 0.005 : value;
    return i % 5 === 0 ? -shaped : shaped;
  });
  return [...fixed, ...random];
}

describe('Indian numbers without ICU (record 0323)', () => {
  it('write what toLocaleString("en-IN") writes, for every fraction setting the app uses', () => {
    const values = samples();
    for (const [min, max] of [
      [0, 3],
      [0, 0],
      [0, 1],
      [1, 1],
      [2, 2],
      [3, 3],
      [0, 2],
    ] as const) {
      const differ = values.filter((n) => indianNumber(n, { min, max }) !== icuNumber(n, min, max));
      expect(differ.map((n) => `${n}: ${indianNumber(n, { min, max })} vs ${icuNumber(n, min, max)}`)).toEqual([]);
    }
  });

  it('write rupees as the en-IN currency format does', () => {
    const values = samples();
    const differ = values.filter((n) => indianRupees(n) !== icuRupees(n, 2, 2) || indianRupees(n, { min: 0 }) !== icuRupees(n, 0, 2));
    expect(differ).toEqual([]);
    expect(indianRupees(1_234_567)).toBe('₹12,34,567.00');
    expect(indianRupees(-5.5)).toBe('-₹5.50');
  });

  it('group in lakhs and crores and round half away from zero', () => {
    expect(indianNumber(12_345_678)).toBe('1,23,45,678');
    expect(indianNumber(1.005, { max: 2 })).toBe('1.01');
    expect(indianNumber(-2.5, { max: 0 })).toBe('-3');
    expect(indianNumber(99_999.995, { min: 2, max: 2 })).toBe('1,00,000.00');
  });

  it('write NaN and the infinities as ICU does', () => {
    for (const n of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(indianNumber(n)).toBe(icuNumber(n, 0, 3));
      expect(indianRupees(n)).toBe(icuRupees(n, 2, 2));
    }
  });

  it('say "one" exactly where en-IN plural rules do', () => {
    const rules = new Intl.PluralRules('en-IN');
    for (const n of [-2, -1, 0, 1, 1.5, 2, 11, 21, 101]) {
      expect(isOne(n)).toBe(rules.select(n) === 'one');
    }
  });

  it('are the one way the web app, the API and the shared code write a number or a date (no Intl formatter of their own)', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const roots = [here, path.resolve(here, '../../../apps/web/src'), path.resolve(here, '../../../apps/api/src')];
    const sources = roots.flatMap((root) =>
      (readdirSync(root, { recursive: true }) as string[])
        .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && f !== 'indian-number.ts')
        .map((f) => path.join(root, f)),
    );
    // The folders hold hundreds of modules: an empty walk would prove nothing.
    expect(sources.length).toBeGreaterThan(700);
    const own = sources.filter((f) =>
      /\.toLocale(String|DateString|TimeString)\(|new Intl\.(NumberFormat|DateTimeFormat|PluralRules)\(/.test(readFileSync(f, 'utf8')),
    );
    expect(own.map((f) => path.relative(here, f))).toEqual([]);
  });
});
