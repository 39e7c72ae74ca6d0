import { CURRENCY_LABEL } from '@freightdesk/shared/constants';
import { formatDay, formatMoment } from '@freightdesk/shared/date-time';
import { indianRupees } from '@freightdesk/shared/indian-number';

// Counts with their noun ("1 plant", "2 orders", "no orders") and "a"/"an": one spelling for web and API.
export { article, plural, withArticle } from '@freightdesk/shared/words';

/** ₹12,34,567.00 — INR with lakh grouping. */
export function formatInr(rupees: number | null | undefined): string {
  return rupees === null || rupees === undefined ? '—' : indianRupees(rupees);
}

export const inrLabel = (label: string) => `${label} ${CURRENCY_LABEL}`;

/**
 * A moment as every page shows it, in India time: `05 Dec 2026, 11:52 pm IST` (the one format of
 * packages/shared date-time.ts; "—" when there is none).
 */
export const formatDateTime = (iso: string | null | undefined): string => formatMoment(iso);

/** A moment's day in India, or a plain day: `05 Dec 2026` ("—" when there is none). */
export const formatDate = (iso: string | null | undefined): string => formatDay(iso);

/** Who made a change, as histories and timelines show it: the person and their company, or the platform's own jobs. */
export function actorLabel(name: string | null | undefined, company?: string | null): string {
  if (!name) {
    return 'Freightdesk (automatic)';
  }
  return company ? `${name}, ${company}` : name;
}

/** "45 min", "1 h 35 min", "2 d 3 h": a duration in whole minutes as people read it ("—" when unknown). */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) {
    return '—';
  }
  const m = Math.max(0, Math.round(minutes));
  const hours = Math.floor(m / 60);
  if (hours === 0) {
    return `${m} min`;
  }
  if (hours < 24) {
    return `${hours} h ${m % 60} min`;
  }
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
