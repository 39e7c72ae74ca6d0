/**
 * Numbers as India writes them (`12,34,567.5`, `₹12,34,567.00`), written by hand rather than by the
 * engine's `Intl` (record 0323). The text is the same as `toLocaleString('en-IN', …)` and the
 * `en-IN` rupee format give (indian-number.test.ts compares them over many values), but a browser
 * sets up ICU, its locale data, on a page's first `Intl` object: 100-220 ms on a mid-range phone,
 * in whichever task first formats a number. The app's first screens format numbers, days and
 * counts with these and never pay it; a page that needs more of `Intl` pays it there.
 *
 * Rounding is half away from zero on the number's shortest decimal form, as ICU's is: 1.005 to two
 * places is 1.01 (where `toFixed` says 1.00).
 */

export type Fractions = {
  /** Decimal places always written (padded with zeros). Default 0. */
  min?: number;
  /** Decimal places at most (rounded). Default 3, as `toLocaleString`'s. */
  max?: number;
};

/** The shortest decimal form of a finite number ≥ 0 without an exponent: 1e21 → "1000000000000000000000". */
function plainDecimal(abs: number): string {
  const text = String(abs);
  const e = text.indexOf('e');
  if (e < 0) {
    return text;
  }
  const mantissa = text.slice(0, e);
  const dot = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const point = (dot < 0 ? mantissa.length : dot) + Number(text.slice(e + 1));
  if (point <= 0) {
    return `0.${'0'.repeat(-point)}${digits}`;
  }
  return point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** `whole.fraction` rounded half up to `places` decimals (the digits only; the sign is the caller's). */
function roundDecimal(decimal: string, places: number): { whole: string; fraction: string } {
  const [whole = '0', fraction = ''] = decimal.split('.');
  if (fraction.length <= places) {
    return { whole, fraction };
  }
  const kept = `${whole}${fraction.slice(0, places)}`;
  const up = fraction.charCodeAt(places) >= 53; // the first digit dropped is 5 or more
  const digits = up ? (BigInt(kept) + 1n).toString().padStart(kept.length, '0') : kept;
  const cut = digits.length - places;
  return { whole: digits.slice(0, cut) || '0', fraction: digits.slice(cut) };
}

/** Indian grouping of whole digits: the last three, then pairs (12,34,567). */
function groupIndian(whole: string): string {
  if (whole.length <= 3) {
    return whole;
  }
  const head = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${head},${whole.slice(-3)}`;
}

/** The digits of |n| as India writes them, without a sign; null for NaN and the infinities. */
function indianDigits(n: number, { min = 0, max = 3 }: Fractions): string | null {
  if (!Number.isFinite(n)) {
    return null;
  }
  const { whole, fraction } = roundDecimal(plainDecimal(Math.abs(n)), Math.max(max, min));
  let shown = fraction;
  while (shown.length > min && shown.endsWith('0')) {
    shown = shown.slice(0, -1);
  }
  shown = shown.padEnd(min, '0');
  return shown ? `${groupIndian(whole)}.${shown}` : groupIndian(whole);
}

/** A negative number (−0 too, as ICU writes it) carries a minus. */
const minus = (n: number) => (n < 0 || Object.is(n, -0) ? '-' : '');

/** `n.toLocaleString('en-IN', { minimumFractionDigits: min, maximumFractionDigits: max })`: 12,34,567.5. */
export function indianNumber(n: number, fractions: Fractions = {}): string {
  const digits = indianDigits(n, fractions);
  if (digits === null) {
    return Number.isNaN(n) ? 'NaN' : `${minus(n)}∞`;
  }
  return `${minus(n)}${digits}`;
}

/** Rupees as the `en-IN` currency format writes them, two decimals unless told: ₹12,34,567.00, -₹5.50. */
export function indianRupees(n: number, { min = 2, max = 2 }: Fractions = {}): string {
  const digits = indianDigits(n, { min, max });
  if (digits === null) {
    return Number.isNaN(n) ? '₹NaN' : `${minus(n)}₹∞`;
  }
  return `${minus(n)}₹${digits}`;
}

/** English's plural rule as `Intl.PluralRules('en-IN')` has it: one for exactly ±1, other for the rest. */
export const isOne = (n: number): boolean => Math.abs(n) === 1;
