/**
 * The one way Freightdesk writes a date or a time, always in India time (Asia/Kolkata), for the web
 * app, the API's messages and notifications, and exports alike:
 *
 * - a moment for people: `05 Dec 2026, 11:52 pm IST` (`formatMoment`)
 * - a day for people: `05 Dec 2026` (`formatDay`)
 * - a sheet's cell (CSV, XLSX): `05-12-2026 23:52` and `05-12-2026` (`formatCellDateTime`, `formatCellDate`)
 *
 * Built from `formatToParts` with fixed hour cycles: `hour12: false` makes some engines write
 * 00:16 as "24:16", a day off to a reader.
 */

export const INDIA_ZONE = 'Asia/Kolkata';

/** What the database writes for a sheet's cell (PostgreSQL `to_char`), the same as `formatCellDateTime`. */
export const CELL_DATE_TIME_SQL = 'DD-MM-YYYY HH24:MI';
/** What the database writes for a sheet's day cell, the same as `formatCellDate`. */
export const CELL_DATE_SQL = 'DD-MM-YYYY';

type Parts = {
  day: string;
  month: string;
  monthName: string;
  year: string;
  hour24: string;
  hour12: string;
  minute: string;
  period: string;
};

const NUMERIC = new Intl.DateTimeFormat('en-GB', {
  timeZone: INDIA_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
// Fixed names: engines differ on September ("Sep" or "Sept").
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A value the API or a form hands over (a Date, an ISO text, epoch ms) as a Date; null when it is none. */
function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function partsOf(d: Date): Parts {
  const parts = NUMERIC.formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // h23 never writes 24; the guard keeps an engine that still does from showing "24:16".
  const hour24 = get('hour') === '24' ? '00' : get('hour');
  return {
    day: get('day'),
    month: get('month'),
    monthName: MONTHS[Number(get('month')) - 1] ?? '',
    year: get('year'),
    hour24,
    hour12: String(Number(hour24) % 12 || 12).padStart(2, '0'),
    minute: get('minute'),
    period: Number(hour24) < 12 ? 'am' : 'pm',
  };
}

/** `05 Dec 2026, 11:52 pm IST` ("—" for no value). */
export function formatMoment(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  if (!d) {
    return '—';
  }
  const p = partsOf(d);
  return `${p.day} ${p.monthName} ${p.year}, ${p.hour12}:${p.minute} ${p.period} IST`;
}

/** `05 Dec 2026`, the day in India ("—" for no value). A plain day (`2026-12-05`) is read as that day. */
export function formatDay(value: Date | string | number | null | undefined): string {
  const d = toDate(typeof value === 'string' && PLAIN_DAY.test(value) ? `${value}T12:00:00+05:30` : value);
  if (!d) {
    return '—';
  }
  const p = partsOf(d);
  return `${p.day} ${p.monthName} ${p.year}`;
}

/** `05-12-2026 23:52`, a moment as a sheet's cell ('' for no value). */
export function formatCellDateTime(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  if (!d) {
    return '';
  }
  const p = partsOf(d);
  return `${p.day}-${p.month}-${p.year} ${p.hour24}:${p.minute}`;
}

/** `05-12-2026`, a day as a sheet's cell ('' for no value). */
export function formatCellDate(value: Date | string | number | null | undefined): string {
  const d = toDate(typeof value === 'string' && PLAIN_DAY.test(value) ? `${value}T12:00:00+05:30` : value);
  if (!d) {
    return '';
  }
  const p = partsOf(d);
  return `${p.day}-${p.month}-${p.year}`;
}

/** The day in India of a moment as `YYYY-MM-DD`, for filters, keys and comparisons (never for reading). */
export function indiaDayKey(value: Date = new Date()): string {
  const p = partsOf(value);
  return `${p.year}-${p.month}-${p.day}`;
}

const PLAIN_DAY = /^\d{4}-\d\d-\d\d$/;
/** An instant as the API writes it (`2026-12-05T18:22:00.000Z`, with an offset or Z). */
export const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;
