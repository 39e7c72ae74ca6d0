import type { ReportColumnKind } from '@freightdesk/shared/schemas/report';
import { formatInr, formatMinutes } from '../../lib/format.ts';
import { formatPct } from '@freightdesk/shared/percent';
import { indianNumber } from '@freightdesk/shared/indian-number';

/** A report cell as the API sends it. */
export type ReportCell = string | number | null | undefined;

const oneDecimal = (n: number) => indianNumber(n, { min: 1, max: 1 });
const whole = (n: number) => indianNumber(n, { max: 0 });

/** Numbers (every kind but text) sit right-aligned so their digits line up. */
export const isNumericKind = (kind: ReportColumnKind) => kind !== 'text';

/**
 * A report cell as the screen shows it, by its column's kind: rupees as ₹12,34,567.50 (Indian
 * grouping), percentages and tonnes with one decimal, minutes as "1 h 25 min", counts with Indian
 * grouping; nothing (null, or a figure that is not a number) as "—".
 */
export function formatCell(kind: ReportColumnKind, value: ReportCell): string {
  if (value === null || value === undefined || value === '') {
    return '—';
  }
  if (kind === 'text') {
    return String(value);
  }
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) {
    return '—';
  }
  switch (kind) {
    case 'rupees':
      return formatInr(n);
    case 'percent':
      return formatPct(n);
    case 'tonnes':
      return oneDecimal(n);
    case 'minutes':
      return formatMinutes(n);
    default:
      return whole(n);
  }
}
