import { jsonb, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { BankSheetField, ColumnTemplate, LedgerSheetField } from '@freightdesk/shared/schemas/column-sheet';
import { users } from './auth.ts';
import { industries } from './tenancy.ts';

/**
 * A shipper's settings for its bank and its books (issue 33): the account its bank payments are
 * debited from, and the column templates of the bank payment file and the ledger CSV (null: the
 * built-in layout). One row per shipper, read and written only for the caller's own company.
 */
export const shipperBooksSettings = pgTable('shipper_books_settings', {
  industryId: integer('industry_id')
    .primaryKey()
    .references(() => industries.id),
  debitAccountName: text('debit_account_name'),
  debitAccountNumber: text('debit_account_number'),
  debitIfsc: text('debit_ifsc'),
  bankTemplate: jsonb('bank_template').$type<ColumnTemplate<BankSheetField>>(),
  ledgerTemplate: jsonb('ledger_template').$type<ColumnTemplate<LedgerSheetField>>(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
