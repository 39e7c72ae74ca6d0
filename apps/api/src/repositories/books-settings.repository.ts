import { type SQL, sql } from 'drizzle-orm';
import type { BankSheetField, BooksSettings, ColumnTemplate, LedgerSheetField } from '@freightdesk/shared/schemas/column-sheet';
import type { DbOrTx } from '../db/client.ts';
import { shipperBooksSettings } from '../db/schema/books.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * A shipper's debit account and column templates (issue 33). Every statement is keyed by the
 * caller's own company (`industryId` from its session, never from the request), so one shipper's
 * settings are never read or used for another.
 */

const s = shipperBooksSettings;

/** The statement that reads a shipper's settings (queries/books-settings.sql shows it). */
export function booksSettingsStatement(industryId: number): SQL {
  return sql`select ${s.debitAccountName} as account_name, ${s.debitAccountNumber} as account_number, ${s.debitIfsc} as ifsc,
    ${s.bankTemplate} as bank_template, ${s.ledgerTemplate} as ledger_template
    from ${s} where ${s.industryId} = ${industryId}`;
}

type Row = {
  account_name: string | null;
  account_number: string | null;
  ifsc: string | null;
  bank_template: ColumnTemplate<BankSheetField> | string | null;
  ledger_template: ColumnTemplate<LedgerSheetField> | string | null;
};
/** jsonb comes back parsed from pg and PGlite alike; text is parsed for safety. */
const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** The shipper's settings; nothing set is no account and the built-in layouts (null templates). */
export async function booksSettings(db: DbOrTx, industryId: number): Promise<BooksSettings> {
  const [row] = rowsOf<Row>(await db.execute(booksSettingsStatement(industryId)));
  const account =
    row?.account_number && row.ifsc && row.account_name
      ? { accountName: row.account_name, accountNumber: row.account_number, ifsc: row.ifsc }
      : null;
  return { debitAccount: account, bankTemplate: json(row?.bank_template ?? null), ledgerTemplate: json(row?.ledger_template ?? null) };
}

type Change = Partial<Omit<typeof s.$inferInsert, 'industryId' | 'updatedBy' | 'updatedAt'>>;

/** Writes part of the shipper's settings (the row made on first use). */
export async function saveBooksSettings(db: DbOrTx, industryId: number, userId: number, change: Change): Promise<void> {
  const values = { ...change, updatedBy: userId, updatedAt: new Date() };
  await db
    .insert(s)
    .values({ industryId, ...values })
    .onConflictDoUpdate({ target: s.industryId, set: values });
}
