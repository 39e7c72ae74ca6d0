import { ANY_DAY } from '@freightdesk/shared/schemas/report';
import { indianNumber } from '@freightdesk/shared/indian-number';
/** Up to two decimals, without trailing zeros (1.5, 12, 2.35). */
const short = (n: number) => String(Math.round(n * 100) / 100);
const grouped = (n: number) => indianNumber(n, { max: 0 });

/**
 * Rupees as a chart's axis and tooltip show them, in Indian units: ₹45,000 below a lakh, then
 * ₹1.25 L (lakh, 1,00,000) and ₹3.4 Cr (crore, 1,00,00,000). A saving below target is negative.
 */
export function inrShort(rupees: number): string {
  const sign = rupees < 0 ? '-' : '';
  const abs = Math.abs(rupees);
  if (abs >= 1e7) {
    return `${sign}₹${short(abs / 1e7)} Cr`;
  }
  if (abs >= 1e5) {
    return `${sign}₹${short(abs / 1e5)} L`;
  }
  return `${sign}₹${grouped(Math.round(abs))}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-03" as "Mar 2026". */
export const monthLabel = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1] ?? ym.slice(5, 7)} ${ym.slice(0, 4)}`;

/** The dashboard's filters a chart's report opens with. */
export type ChartFilter = { startDate: string | null; endDate: string | null; plantId: number | null };

/**
 * The summary report behind a chart, opened on the dashboard's days and plant:
 * `/my-reports?report=spend&groupBy=month&from=2026-04-01&to=2026-04-30&plantId=3`. A dashboard
 * without dates shows every day, and so does its report (`days=any`: not the report's current month).
 */
export function reportLink(report: string, filter: ChartFilter, groupBy?: string): string {
  const q = new URLSearchParams({ report });
  if (groupBy) {
    q.set('groupBy', groupBy);
  }
  if (filter.startDate) {
    q.set('from', filter.startDate);
  }
  if (filter.endDate) {
    q.set('to', filter.endDate);
  }
  if (!filter.startDate && !filter.endDate) {
    q.set('days', ANY_DAY);
  }
  if (filter.plantId) {
    q.set('plantId', String(filter.plantId));
  }
  return `/my-reports?${q.toString()}`;
}
