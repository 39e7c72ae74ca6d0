/**
 * Percentages, one rule everywhere (issue 38): kept and shown to one decimal, so a saving reads
 * "4.0%" beside another's "4.3%", never "4%" in one place and "4.27%" in another. The reports'
 * SQL rounds the same way (`round(…, 1)` in reports/summary.ts).
 */
import { indianNumber } from './indian-number.ts';

/** A per cent rounded to one decimal. */
export const roundPct = (value: number): number => Math.round(value * 10) / 10;

/** `part` of `whole` in per cent, to one decimal; null when the whole is nothing (no base to compare). */
export const pctOf = (part: number, whole: number | null | undefined): number | null => (whole ? roundPct((part * 100) / whole) : null);

const oneDecimal = (n: number) => indianNumber(n, { min: 1, max: 1 });

/** A per cent as the screens and exports show it: "4.0%", "-2.5%", "12,345.0%"; `empty` for none. */
export const formatPct = (value: number | null | undefined, empty = '—'): string =>
  value === null || value === undefined || !Number.isFinite(value) ? empty : `${oneDecimal(value)}%`;
