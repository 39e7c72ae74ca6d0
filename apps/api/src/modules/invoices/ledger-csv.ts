import {
  type ColumnTemplate,
  DEFAULT_LEDGER_TEMPLATE,
  LEDGER_SHEET_FIELDS,
  type LedgerSheetField,
} from '@freightdesk/shared/schemas/column-sheet';
import { columnSheet, type SheetRow } from '../../lib/column-sheet.ts';
import type { Voucher } from './books-vouchers.ts';

const rupees = (paise: number) => (paise / 100).toFixed(2);

/** A voucher's postings as sheet rows: one per ledger entry (a zero entry is none), the debit or the credit filled. */
export function postingRows(v: Voucher): SheetRow<LedgerSheetField>[] {
  return v.entries
    .filter((e) => e.debitPaise !== 0)
    .map((e) => ({
      voucherDate: v.day,
      voucherType: v.type,
      voucherNumber: v.number,
      reference: v.reference,
      ledger: e.ledger,
      debit: e.debitPaise > 0 ? rupees(e.debitPaise) : '',
      credit: e.debitPaise < 0 ? rupees(-e.debitPaise) : '',
      gstin: v.gstin,
      narration: v.narration,
      plant: v.plant,
      documentDate: v.documentDay,
    }));
}

/**
 * The ledger CSV (issue 33): the same vouchers as the Tally file, one row per posting, in the columns
 * of the shipper's ledger template (or the built-in layout) for SAP and other books.
 */
export function ledgerCsv(vouchers: Voucher[], template: ColumnTemplate<LedgerSheetField> | null): string {
  return columnSheet(template ?? DEFAULT_LEDGER_TEMPLATE, LEDGER_SHEET_FIELDS, vouchers.flatMap(postingRows));
}
