import { formatRupees, financialYear, gstSplit } from '@freightdesk/shared/money';
import type { NoteLine } from '@freightdesk/shared/schemas/notes';
import type { DbOrTx } from '../../db/client.ts';
import { indiaToday } from '../../lib/india-time.ts';
import { recordInvoiceEvent } from '../../lib/webhook-emits.ts';
import { insertNote, nextNoteNumber } from '../../repositories/credit-notes.repository.ts';
import { issuedParties } from '../../repositories/invoice-parties.repository.ts';
import { taxableOf } from './invoice-audit.ts';
import type { Invoice } from '../../repositories/invoice-payments.repository.ts';

/** A note about to be issued: why, and by how much each line bills less. */
export type NoteDraft = { origin: 'adjustment' | 'dispute'; reason: string; lines: NoteLine[] };
export type IssuedNote = { number: string; kind: 'credit' | 'debit'; totalPaise: number };

/**
 * Issues a credit note (or a debit note, when the lines lowered are deductions) against the
 * invoice, in the carrier's series for the financial year of today (India): its taxable value, GST
 * at the invoice's rate split as the invoice's, its parties as they stand now, never changed after.
 * Nothing when the lines change nothing.
 */
export async function issueNote(tx: DbOrTx, invoice: Invoice, draft: NoteDraft, by: number): Promise<IssuedNote | null> {
  const lines = draft.lines.filter((l) => l.amountPaise > 0);
  const signed = taxableOf(lines);
  if (signed === 0) {
    return null;
  }
  const kind = signed > 0 ? 'credit' : 'debit';
  const taxable = Math.abs(signed);
  const tax = gstSplit(taxable, invoice.gstRatePct, invoice.supplierGstin ?? invoice.recipientGstin, invoice.recipientGstin).totalTaxPaise;
  const total = taxable + (invoice.gstScheme === 'rcm' ? 0 : tax);
  const now = new Date();
  const fy = financialYear(now).label;
  const number = await nextNoteNumber(tx, invoice.carrierId, kind, fy);
  const issued = await issuedParties(tx, invoice, [], now);
  await insertNote(tx, {
    invoiceId: invoice.id,
    industryId: invoice.industryId,
    carrierId: invoice.carrierId,
    kind,
    number,
    financialYear: fy,
    noteDate: indiaToday(now),
    origin: draft.origin,
    reason: draft.reason,
    taxablePaise: taxable,
    taxPaise: tax,
    totalPaise: total,
    lines,
    issued,
    createdBy: by,
  });
  if (kind === 'credit') {
    await recordInvoiceEvent(tx, 'invoice.credit_note', invoice.id, { creditNoteNumber: number, creditAmount: total / 100 });
  }
  return { number, kind, totalPaise: total };
}

/** "credit note CN/26-27/0001 for ₹1,500.00" */
export const noteWords = (note: IssuedNote) => `${note.kind} note ${note.number} for ₹${formatRupees(note.totalPaise)}`;
