import { CURRENCY_LABEL } from '@freightdesk/shared/constants';

// Counts with their noun ("1 plant", "2 orders", "no orders") and "a"/"an": one spelling for web and API.
export { article, plural, withArticle } from '@freightdesk/shared/words';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₹12,34,567.00 — INR with lakh grouping. */
export function formatInr(rupees: number | null | undefined): string {
  return rupees === null || rupees === undefined ? '—' : inr.format(rupees);
}

export const inrLabel = (label: string) => `${label} ${CURRENCY_LABEL}`;

/** A date-time in the user's zone (default Asia/Kolkata) as YYYY-MM-DD HH:mm. */
export function formatDateTime(iso: string | null | undefined, timeZone = 'Asia/Kolkata'): string {
  if (!iso) {
    return '—';
  }
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

export function formatDate(iso: string | null | undefined, timeZone = 'Asia/Kolkata'): string {
  return iso ? formatDateTime(iso, timeZone).slice(0, 10) : '—';
}

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
