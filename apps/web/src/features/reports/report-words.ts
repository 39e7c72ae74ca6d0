import type { ReportCatalogEntry } from '@freightdesk/shared/schemas/report';
import { ApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';

/** How the page names each filter the server may refuse. */
function filterLabel(key: string, dateLabel: string): string {
  const name = key.replace(/^params\./, '');
  switch (name) {
    case 'from':
    case 'to':
      return dateLabel;
    case 'plantId':
      return 'Plant';
    case 'carrierLinkId':
      return 'Carrier';
    case 'direction':
      return 'Direction';
    case 'groupBy':
      return 'Group by';
    default:
      return name;
  }
}

/**
 * What went wrong, for the alert above the table or the export buttons: each refused filter by
 * its label ("Pickup Date: The end date must not be before the start date"), else the server's message.
 */
export function problemLines(err: unknown, dateLabel: string): string[] {
  if (!(err instanceof ApiError)) {
    return ['Something went wrong. Please try again.'];
  }
  const fields = Object.entries(err.fields);
  if (fields.length === 0) {
    return [err.message];
  }
  return fields.map(([key, message]) => `${filterLabel(key, dateLabel)}: ${message}`);
}

/** The date range in words: "from 2026-09-01 to 2026-09-30", "from 2026-09-01", "" (any day). */
export function rangeWords(from?: string | number, to?: string | number): string {
  const [a, b] = [from ? formatDate(String(from)) : '', to ? formatDate(String(to)) : ''];
  if (a && b) {
    return a === b ? `on ${a}` : `from ${a} to ${b}`;
  }
  if (a) {
    return `from ${a}`;
  }
  return b ? `up to ${b}` : '';
}

/** The empty state of a report: what it looked for and where ("No Spend rows with a Pickup Date from … to …"). */
export function emptyText(entry: Pick<ReportCatalogEntry, 'label' | 'dateLabel'>, filters: Record<string, string | number>): string {
  const range = rangeWords(filters.from, filters.to);
  const narrowed = filters.plantId || filters.carrierLinkId || filters.direction;
  const where = range ? ` with a ${entry.dateLabel} ${range}` : '';
  const hint = range ? 'Widen the date range' : 'Pick another date range';
  return `No ${entry.label} rows${where}${narrowed ? ' for these filters' : ''}. ${hint}${narrowed ? ' or clear a filter' : ''}.`;
}
