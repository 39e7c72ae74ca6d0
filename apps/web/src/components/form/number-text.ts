/**
 * What a typed number means, without changing a character of it. The number and money fields keep
 * the user's text as typed; this reads it: a number, nothing (empty), or an error for the field.
 * Nothing is clamped, rounded, truncated or stripped: "12a000" is an error, not 12000.
 */
export type NumberText = {
  /** The number typed; undefined when empty; NaN when the text is not a number (the form refuses it). */
  value: number | undefined;
  /** Why the text is not a number the field takes. */
  error?: string;
};

export type NumberTextOptions = {
  /** The most decimals the field takes (0: whole numbers); undefined: any. */
  decimals?: number;
  /** Negative numbers allowed (coordinates)? */
  negative?: boolean;
  /** The message for text that is not a number. */
  notANumber?: string;
};

/** Digits grouped by thousands (1,234,567) or the Indian way (12,34,567). */
const GROUPED = /^(\d{1,3}(,\d{3})+|\d{1,2}(,\d{2})*,\d{3})$/;
const PLAIN = /^\d+$/;

export function parseNumberText(text: string, opts: NumberTextOptions = {}): NumberText {
  const notANumber = opts.notANumber ?? 'Enter a number';
  const trimmed = text.trim();
  if (trimmed === '') {
    return { value: undefined };
  }
  const match = /^([-+−]?)([\d,]*)(?:\.(\d*))?$/.exec(trimmed);
  const [, sign = '', whole = '', fraction] = match ?? [];
  if (!match || (whole === '' && !fraction) || (whole !== '' && !PLAIN.test(whole) && !GROUPED.test(whole))) {
    return { value: Number.NaN, error: notANumber };
  }
  const negative = sign === '-' || sign === '−';
  if (negative && !opts.negative) {
    return { value: Number.NaN, error: 'Enter a number of 0 or more' };
  }
  if (opts.decimals !== undefined && (fraction ?? '').length > opts.decimals) {
    const error = opts.decimals === 0 ? 'Enter a whole number' : `At most ${opts.decimals} decimal${opts.decimals === 1 ? '' : 's'}`;
    return { value: Number.NaN, error };
  }
  const value = Number(`${negative ? '-' : ''}${whole.replace(/,/g, '') || '0'}.${fraction || '0'}`);
  return Number.isFinite(value) ? { value } : { value: Number.NaN, error: notANumber };
}

/** The Indian grouping of a whole number's digits: 4500000 → 45,00,000. */
export function groupLakh(digits: string): string {
  if (digits.length <= 3) {
    return digits;
  }
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3);
  return `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${last3}`;
}

/**
 * A money text as it shows while typing: lakh grouping of the rupees (45,00,000; 12,34,567.50).
 * Text that is not an amount (a letter, a second point) stays exactly as typed, so the user sees
 * what is wrong with it and the field says so.
 */
export function formatMoneyText(text: string): string {
  const match = /^(\s*)(\d[\d,]*)(\.\d*)?(\s*)$/.exec(text);
  if (!match) {
    return text;
  }
  const [, lead = '', whole = '', fraction = '', trail = ''] = match;
  // Commas in a money field are its grouping, placed again as digits come and go (45,00,000 + 0 →
  // 4,50,00,000); the user sees the regrouped amount at once, so nothing changes unseen.
  return `${lead}${groupLakh(whole.replace(/,/g, ''))}${fraction}${trail}`;
}

/** Where the caret goes after reformatting: after the same number of digits as before it. */
export function caretAfterFormat(before: string, caret: number, after: string): number {
  const digitsBefore = before.slice(0, caret).replace(/[^\d.]/g, '').length;
  if (digitsBefore === 0) {
    return 0;
  }
  let seen = 0;
  for (let i = 0; i < after.length; i++) {
    if (/[\d.]/.test(after[i] ?? '')) {
      seen++;
      if (seen === digitsBefore) {
        return i + 1;
      }
    }
  }
  return after.length;
}

/** A number as the field first shows it (a saved value): money grouped, others plain. */
export function numberToText(value: unknown, money = false): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return '';
  }
  const text = String(value);
  return money ? formatMoneyText(text) : text;
}
