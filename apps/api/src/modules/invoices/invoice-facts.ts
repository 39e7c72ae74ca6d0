import { financialYear } from '@freightdesk/shared/money';
import { badRequest } from '../../lib/errors.ts';
import { indiaToday } from '../../lib/india-time.ts';

export { DEFAULT_CREDIT_DAYS, orderFacts, termsFor } from '../../repositories/invoice-facts.repository.ts';

/** A moment's day in India (YYYY-MM-DD). */
export const indiaDayOf = (at: Date) => indiaToday(at);
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A financial year's books close for GST on 30 November after it ends (the last day to issue or
 * amend its invoices and credit notes): a day of a closed year is refused, as is a day to come.
 */
export function checkBookDay(field: string, day: string, now = new Date()): string {
  const today = indiaToday(now);
  if (day > today) {
    throw badRequest(field, `${field === 'paidOn' ? 'Paid on' : 'Invoice date'} cannot be after today (${today}).`);
  }
  const fy = financialYear(new Date(`${day}T12:00:00+05:30`));
  const closes = `${fy.to.slice(0, 4)}-11-30`;
  if (today > closes) {
    throw badRequest(field, `The financial year ${fy.label} is closed (its books closed on ${closes}).`);
  }
  return fy.label;
}
