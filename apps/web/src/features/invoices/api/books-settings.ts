import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BooksSettings, ColumnTemplate, DebitAccountInput } from '@freightdesk/shared/schemas/column-sheet';
import { api } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { BOOKS_SETTINGS_KEY } from './invoice-keys.ts';

/** `GET /api/invoices/books-settings` [payment-summary]: the debit account and the column templates. */
export const getBooksSettings = () => api.get<{ data: BooksSettings }>('/invoices/books-settings').then((r) => r.data);

export const booksSettingsQuery = () => queryOptions({ queryKey: BOOKS_SETTINGS_KEY, queryFn: getBooksSettings });

/** Asked only while the settings dialog is open. */
export const useBooksSettings = (opened: boolean) => useQuery({ ...booksSettingsQuery(), enabled: opened });

/** Puts a save's answer in the cache, in place of the settings loaded. */
export function useTakeBooksSettings() {
  const client = useQueryClient();
  return (next: BooksSettings) => client.setQueryData(BOOKS_SETTINGS_KEY, next);
}

/** `PUT /api/invoices/books-settings/debit-account` [payment-summary]: the account the bank payment file debits. */
export const saveDebitAccount = (values: DebitAccountInput) =>
  api.put<{ data: BooksSettings }>('/invoices/books-settings/debit-account', values).then((r) => r.data);

export type TemplateKind = 'bank-template' | 'ledger-template';

/** `PUT /api/invoices/books-settings/bank-template|ledger-template` [payment-summary]: a column map; errors name `columns.<n>.<field>`. */
export const saveColumnTemplate = (kind: TemplateKind, values: ColumnTemplate<string>) =>
  api.put<{ data: BooksSettings }>(`/invoices/books-settings/${kind}`, values).then((r) => r.data);

/** `DELETE /api/invoices/books-settings/:kind` [payment-summary]: back to the built-in layout. */
export const deleteColumnTemplate = (kind: TemplateKind) =>
  api.delete<{ data: BooksSettings }>(`/invoices/books-settings/${kind}`).then((r) => r.data);

/**
 * `GET /api/invoices/bank-file|tds-register|tally|ledger` [payment-summary]: a CSV (or Tally XML) the
 * API makes, saved as the browser's download; a refusal rejects with the server's message.
 */
export const downloadBooksFile = (path: string, query: Record<string, string | undefined>, fileName: string) =>
  downloadFile(path, query, fileName);
