import { DEFAULT_TIME, MINUTE_STEP } from '@freightdesk/shared/constants';

/**
 * Normalises a picked date-time string (`YYYY-MM-DD` or `YYYY-MM-DD HH:mm[:ss]`): a date without
 * a time gets the default 12:00, and minutes round to the nearest 5-minute step (spec section 9).
 */
export function normaliseDateTime(value: string | null): string | null {
  if (!value) {
    return null;
  }
  const [date, time] = value.trim().split(/[ T]/);
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    return null;
  }
  const [h = '12', m = '00'] = (time ?? DEFAULT_TIME).split(':');
  let hours = Number(h);
  const rawMinutes = Number(m);
  if (!Number.isInteger(hours) || hours < 0 || hours > 23 || !(rawMinutes >= 0 && rawMinutes < 60)) {
    return null;
  }
  let minutes = Math.round(rawMinutes / MINUTE_STEP) * MINUTE_STEP;
  if (minutes === 60 && hours === 23) {
    // Rounding up would leave the day; the last step of the day is 23:55.
    minutes = 60 - MINUTE_STEP;
  } else if (minutes === 60) {
    minutes = 0;
    hours += 1;
  }
  return `${date} ${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** A picked `YYYY-MM-DD HH:mm` in India time as an ISO instant for the API (undefined when empty). */
export function indiaTimeToIso(value: string | null): string | undefined {
  return value ? new Date(`${value.replace(' ', 'T')}:00+05:30`).toISOString() : undefined;
}

/** A date picker's value (a YYYY-MM-DD string in Mantine 9, or a Date) as YYYY-MM-DD; null when empty. */
export const toDay = (d: string | Date | null) => (d ? (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10)) : null);

/** An ISO instant as the picker's `YYYY-MM-DD HH:mm` in India time (null when empty). */
export function isoToIndiaTime(iso: string | null | undefined): string | null {
  if (!iso) {
    return null;
  }
  const ist = new Date(new Date(iso).getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(0, 10)} ${ist.slice(11, 16)}`;
}

/** Today (India time) as YYYY-MM-DD. */
export const todayInIndia = () => (isoToIndiaTime(new Date().toISOString()) ?? '').slice(0, 10);

/**
 * The first day a `notPast` field offers: today. A value already before it (an old request opened
 * for editing) gets no limit, because the picker would move it to today when it closes, behind the
 * user's back; the server names the field instead.
 */
export function firstDayOffered(value: string | null, today = todayInIndia()): string | undefined {
  return value && value.slice(0, 10) < today ? undefined : today;
}
