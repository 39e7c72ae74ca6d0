import type { DbOrTx } from '../../db/client.ts';
import { bookInvoices, bookNotes, bookPayments, companyName } from '../../repositories/books.repository.ts';
import { booksSettings } from '../../repositories/books-settings.repository.ts';
import { bookVouchers, type Voucher } from './books-vouchers.ts';
import { ledgerCsv } from './ledger-csv.ts';
import { tallyXml } from './tally-xml.ts';
import type { Rule } from '../../lib/policy-require.ts';

/** The policy's invoice rule for the caller. */
type InvoiceRule = Rule<'invoice'>;

/** The vouchers of the shipper's freight documents dated in the period, within the caller's invoice scope. */
export async function periodVouchers(db: DbOrTx, scope: InvoiceRule, from: string, to: string): Promise<Voucher[]> {
  const [invoices, notes, payments] = [
    await bookInvoices(db, scope, from, to),
    await bookNotes(db, scope, from, to),
    await bookPayments(db, scope, from, to),
  ];
  return bookVouchers({ invoices, notes, payments });
}

/** The TallyPrime import file of the period. */
export async function tallyExport(db: DbOrTx, scope: InvoiceRule, industryId: number, from: string, to: string): Promise<string> {
  return tallyXml(await companyName(db, industryId), await periodVouchers(db, scope, from, to));
}

/** The ledger CSV of the period, in the columns of the caller's own company's ledger template. */
export async function ledgerExport(db: DbOrTx, scope: InvoiceRule, industryId: number, from: string, to: string): Promise<string> {
  const { ledgerTemplate } = await booksSettings(db, industryId);
  return ledgerCsv(await periodVouchers(db, scope, from, to), ledgerTemplate);
}
