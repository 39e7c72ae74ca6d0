import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookInvoices, bookNotes, bookPayments, companyName } from '../../repositories/books.repository.ts';
import { tallyXml } from './tally-xml.ts';

/** The TallyPrime import file of the shipper's freight documents dated in the period, within the caller's invoice scope. */
export async function tallyExport(db: DbOrTx, scope: SQL, industryId: number, from: string, to: string): Promise<string> {
  const [invoices, notes, payments] = [
    await bookInvoices(db, scope, from, to),
    await bookNotes(db, scope, from, to),
    await bookPayments(db, scope, from, to),
  ];
  return tallyXml(await companyName(db, industryId), { invoices, notes, payments });
}
