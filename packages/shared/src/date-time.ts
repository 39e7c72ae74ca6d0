/**
 * The one way Freightdesk writes a date or a time, always in India time (Asia/Kolkata), for the web
 * app, the API's messages and notifications, and exports alike:
 *
 * - a moment for people: `05 Dec 2026, 11:52 pm IST` (`formatMoment`)
 * - a day for people: `05 Dec 2026` (`formatDay`)
 * - a sheet's cell (CSV, XLSX): `05-12-2026 23:52` and `05-12-2026` (`formatCellDateTime`, `formatCellDate`)
 *
 * Worked out by arithmetic, not by `Intl`: India keeps one offset, +05:30, all year (the tz
 * database's Asia/Kolkata since 1945), and a browser sets up ICU on its first `Intl` object, a
 * long task on a phone (record 0323). date-time.test.ts compares every format with `Intl`'s.
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

/** India time's offset from UTC: five and a half hours, with no summer time. */
const INDIA_OFFSET_MS = 330 * 60_000;
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

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The moment's day and time in India: its UTC fields once shifted by India's offset. */
function partsOf(d: Date): Parts {
  const india = new Date(d.getTime() + INDIA_OFFSET_MS);
  const hour = india.getUTCHours();
  const month = india.getUTCMonth();
  return {
    day: twoDigits(india.getUTCDate()),
    month: twoDigits(month + 1),
    monthName: MONTHS[month] ?? '',
    year: String(india.getUTCFullYear()),
    hour24: twoDigits(hour),
    hour12: twoDigits(hour % 12 || 12),
    minute: twoDigits(india.getUTCMinutes()),
    period: hour < 12 ? 'am' : 'pm',
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

/** `10:32`, the time in India as a phone's clock shows it ("—" for no value). */
export function formatClock(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  if (!d) {
    return '—';
  }
  const p = partsOf(d);
  return `${p.hour24}:${p.minute}`;
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
