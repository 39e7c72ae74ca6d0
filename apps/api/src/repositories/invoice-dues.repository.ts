import { sql } from 'drizzle-orm';
import { invoices } from '../db/schema/money.ts';

/** What is due on an invoice, as SQL over `invoices`: the lists, the detail, the summary and the dashboard read these. */

/** Today in India, as SQL. */
const TODAY = sql`(now() at time zone 'Asia/Kolkata')::date`;
const OPEN = sql`${invoices.status} in ('approved', 'partly_paid')`;
/** Still to pay on an approved invoice. The one definition of "due": lists, detail and the summary read it. */
export const DUE = sql<number>`(case when ${OPEN} then ${invoices.approvedPaise} - ${invoices.paidPaise} else 0 end)`;
/**
 * Overdue: all that is still due once the due date has passed; before it, the advance part not yet
 * paid (the advance is due on approval).
 */
export const OVERDUE = sql<number>`(case
  when not ${OPEN} then 0
  when ${invoices.dueDate} < ${TODAY} then ${invoices.approvedPaise} - ${invoices.paidPaise}
  when (${invoices.decidedAt} at time zone 'Asia/Kolkata')::date < ${TODAY}
    then greatest(0, round(${invoices.approvedPaise} * ${invoices.advancePercent} / 100) - ${invoices.paidPaise})
  else 0 end)`;
/** Days since the invoice date (the ageing of what is due). */
export const AGE_DAYS = sql<number>`(${TODAY} - ${invoices.invoiceDate})`;
