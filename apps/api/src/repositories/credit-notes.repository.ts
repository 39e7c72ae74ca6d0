import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CreditNoteView } from '@freightdesk/shared/schemas/notes';
import type { DbOrTx } from '../db/client.ts';
import { invoiceLines, invoices } from '../db/schema/money.ts';
import { notFound } from '../lib/errors.ts';
import { lockVersion } from '../lib/version-check.ts';
import { creditNotes, documentSeries } from '../db/schema/notes.ts';
import { orders } from '../db/schema/orders.ts';

/**
 * The statements of credit and debit notes (issue 33). A note belongs to its invoice: callers reach
 * it only through an invoice already read within their policy scope.
 */

export type NoteKind = 'credit' | 'debit';
export type NoteRow = typeof creditNotes.$inferInsert;
/** A carrier's numbered series: credit notes, debit notes and consignment notes (LR). */
export type SeriesKind = NoteKind | 'lr';
const SERIES_PREFIX: Record<SeriesKind, string> = { credit: 'CN', debit: 'DN', lr: 'LR' };

/**
 * The next number of the carrier's series of `kind` in the financial year ('CN/26-27/0001',
 * 'DN/26-27/0001', 'LR/26-27/0001': 13 characters, within GST's 16). The series row stays locked until the
 * transaction ends, so two notes never share a number and a failed one leaves no gap.
 */
export async function nextNoteNumber(tx: DbOrTx, carrierId: number, kind: SeriesKind, financialYear: string): Promise<string> {
  const [row] = await tx
    .insert(documentSeries)
    .values({ carrierId, kind, financialYear, last: 1 })
    .onConflictDoUpdate({
      target: [documentSeries.carrierId, documentSeries.kind, documentSeries.financialYear],
      set: { last: sql`${documentSeries.last} + 1` },
    })
    .returning({ last: documentSeries.last });
  return `${SERIES_PREFIX[kind]}/${financialYear.slice(2)}/${String(row?.last ?? 1).padStart(4, '0')}`;
}

/**
 * Stores a note and takes its amounts off the invoice lines it names (each line's amount is what it
 * bills less: a charge lowered makes a credit note, a deduction lowered a debit note).
 */
export async function insertNote(tx: DbOrTx, row: NoteRow): Promise<number> {
  const [note] = await tx.insert(creditNotes).values(row).returning({ id: creditNotes.id });
  for (const line of row.lines) {
    await tx
      .update(invoiceLines)
      .set({ creditedPaise: sql`${invoiceLines.creditedPaise} + ${line.amountPaise}` })
      .where(and(eq(invoiceLines.id, line.lineId), eq(invoiceLines.invoiceId, row.invoiceId)));
  }
  return (note as { id: number }).id;
}

/** The sums of an invoice's notes, credit positive and debit negative: what comes off its taxable value and tax. */
export async function noteTotals(tx: DbOrTx, invoiceId: number): Promise<{ taxablePaise: number; taxPaise: number }> {
  const [row] = await tx
    .select({
      taxable: sql<string>`coalesce(sum(case when ${creditNotes.kind} = 'credit' then ${creditNotes.taxablePaise} else -${creditNotes.taxablePaise} end), 0)`,
      tax: sql<string>`coalesce(sum(case when ${creditNotes.kind} = 'credit' then ${creditNotes.taxPaise} else -${creditNotes.taxPaise} end), 0)`,
    })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId));
  return { taxablePaise: Number(row?.taxable ?? 0), taxPaise: Number(row?.tax ?? 0) };
}

/** An invoice's notes, oldest first. */
export async function notesOf(db: DbOrTx, invoiceId: number): Promise<CreditNoteView[]> {
  const rows = await db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId)).orderBy(asc(creditNotes.id));
  return rows.map((n) => ({
    id: n.id,
    kind: n.kind,
    number: n.number,
    financialYear: n.financialYear,
    noteDate: n.noteDate,
    origin: n.origin,
    reason: n.reason,
    taxablePaise: n.taxablePaise,
    taxPaise: n.taxPaise,
    totalPaise: n.totalPaise,
    lines: n.lines,
    supplier: n.issued.supplier,
    recipient: n.issued.recipient,
    createdAt: n.createdAt.toISOString(),
  }));
}

/** The current lines of an invoice with their order numbers and what they still bill. */
export async function currentLines(tx: DbOrTx, invoiceId: number, version: number) {
  const rows = await tx
    .select({ line: invoiceLines, orderNumber: orders.number })
    .from(invoiceLines)
    .innerJoin(orders, eq(orders.id, invoiceLines.orderId))
    .where(and(eq(invoiceLines.invoiceId, invoiceId), eq(invoiceLines.version, version)))
    .orderBy(asc(invoiceLines.id));
  return rows.map(({ line, orderNumber }) => ({ ...line, orderNumber, billsPaise: line.amountPaise - line.creditedPaise }));
}
export type CurrentLine = Awaited<ReturnType<typeof currentLines>>[number];

/** Puts lines back to be decided (the carrier answered the dispute on them). */
export async function reopenLines(tx: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) {
    await tx
      .update(invoiceLines)
      .set({ decision: 'pending', decidedPaise: null, decidedBy: null, decidedAt: null })
      .where(inArray(invoiceLines.id, ids));
  }
}

/** The carrier's own invoice, locked against the version the carrier saw (If-Match); 404 for anyone else's. */
export async function lockCarrierInvoice(tx: DbOrTx, id: number, carrierId: number, expected: Date | undefined) {
  const mine = and(eq(invoices.id, id), eq(invoices.carrierId, carrierId));
  await lockVersion(tx, { table: invoices, where: mine, expected, label: 'invoice', entity: 'invoice' });
  const [invoice] = await tx.select().from(invoices).where(mine);
  if (!invoice) {
    throw notFound('Invoice');
  }
  return invoice;
}

/** Puts a disputed invoice back in review (the carrier answered). */
export async function resubmit(tx: DbOrTx, invoiceId: number, by: number): Promise<void> {
  const now = new Date();
  await tx
    .update(invoices)
    .set({ status: 'submitted', decidedAt: null, decidedBy: null, submittedAt: now, submittedBy: by, updatedAt: now })
    .where(eq(invoices.id, invoiceId));
}
