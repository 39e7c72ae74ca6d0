import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { invoices } from '../db/schema/money.ts';
import { carriers } from '../db/schema/tenancy.ts';
import { DUE } from './invoice-dues.repository.ts';
import type { Rule } from '../lib/policy-require.ts';

/** The policy's invoice rule for the caller. */
type InvoiceRule = Rule<'invoice'>;

/**
 * The bank payment file's read (modules/invoices/bank-file.ts): the invoices with something due
 * in `scope` (the policy's invoice rule for the viewer), with their carrier's bank account.
 */

export type BankFileQuery = { carrierLinkId?: number; plantId?: number };

/** The invoices due of the scope (of a carrier link and plant, when asked), by carrier, date and id. */
export const dueInvoicesQuery = (db: DbOrTx, scope: InvoiceRule, q: BankFileQuery) =>
  db
    .select({
      number: invoices.number,
      due: sql<number>`${DUE}`.mapWith(Number),
      industryId: invoices.industryId,
      carrierId: invoices.carrierId,
      approvedTaxablePaise: invoices.approvedTaxablePaise,
      approvedPaise: invoices.approvedPaise,
      taxablePaise: invoices.taxablePaise,
      carrier: carriers.name,
      accountName: carriers.bankAccountName,
      accountNumber: carriers.bankAccountNumber,
      ifsc: carriers.bankIfsc,
      email: carriers.email,
      mobile: carriers.mobile,
    })
    .from(invoices)
    .innerJoin(carriers, eq(carriers.id, invoices.carrierId))
    .where(
      and(
        scope,
        sql`${DUE} > 0`,
        q.carrierLinkId ? eq(invoices.industryCarrierId, q.carrierLinkId) : undefined,
        q.plantId ? eq(invoices.plantId, q.plantId) : undefined,
      ),
    )
    .orderBy(asc(carriers.name), asc(invoices.invoiceDate), asc(invoices.id));
