import { formatRupees } from '@freightdesk/shared/money';
import type { InvoiceReviewInput } from '@freightdesk/shared/schemas/invoice';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { carrierUsersOfLinks, notify } from '../../lib/notify.ts';
import { recordInvoiceEvent } from '../../lib/webhook-emits.ts';
import { issueNote, noteWords } from './credit-notes.service.ts';
import { type CurrentLine, currentLines, noteTotals } from '../../repositories/credit-notes.repository.ts';
import { addDays, indiaDayOf, termsFor } from './invoice-facts.ts';
import {
  decideLine,
  type Invoice,
  invoiceVersionQuery,
  lastPodDelivery,
  lockedInvoice,
  matchingLinesQuery,
  updateInvoice,
} from '../../repositories/invoice-review.repository.ts';
import type { Rule } from '../../lib/policy-require.ts';

/** The policy's invoice rule for the caller. */
type InvoiceRule = Rule<'invoice'>;

export type ShipperActor = { id: number; industryId: number };
export type { Invoice };

export async function tellCarrier(tx: DbOrTx, invoice: Invoice, title: string, msg: string) {
  await notify(tx, await carrierUsersOfLinks(tx, [invoice.industryCarrierId]), {
    title,
    msg,
    type: 'invoice',
    referId: invoice.id,
    requestType: 1,
  });
}

/** The due date: credit days from the invoice date, or from the last POD when the balance is paid on POD. */
async function dueDateOf(tx: DbOrTx, invoice: Invoice, balanceOnPod: boolean, creditDays: number): Promise<string> {
  let from = invoice.invoiceDate;
  if (balanceOnPod) {
    const at = await lastPodDelivery(tx, invoice.id);
    const pod = at ? indiaDayOf(new Date(at)) : null;
    from = pod && pod > from ? pod : from;
  }
  return addDays(from, creditDays);
}

/** Disputed: the carrier is told which lines and why, and answers with a credit note or its reasons. */
async function markDisputed(tx: DbOrTx, actor: ShipperActor, invoice: Invoice, disputed: CurrentLine[], of: number) {
  const now = new Date();
  await updateInvoice(tx, invoice.id, { status: 'disputed', decidedAt: now, decidedBy: actor.id, updatedAt: now });
  await tellCarrier(
    tx,
    invoice,
    'Invoice disputed',
    `Invoice ${invoice.number}: ${disputed.length} of ${of} lines disputed (${disputed[0]?.decisionReason ?? ''}). Answer with a credit note, or say why the bill stands.`,
  );
}

/**
 * The credit note of the shipper's adjustments (issue 33): each line adjusted below what it bills is
 * lowered by a note in the carrier's series, never by a silent new total.
 */
async function noteAdjustments(tx: DbOrTx, actor: ShipperActor, invoice: Invoice, lines: CurrentLine[]) {
  const cuts = lines
    .filter((l) => l.decision === 'adjusted' && (l.decidedPaise ?? 0) < l.billsPaise)
    .map((l) => ({
      lineId: l.id,
      orderNumber: l.orderNumber,
      kind: l.kind,
      billedPaise: l.billsPaise,
      amountPaise: l.billsPaise - (l.decidedPaise ?? 0),
      reason: l.decisionReason,
    }));
  const reason = [...new Set(cuts.map((c) => c.reason).filter(Boolean))].join('; ') || 'Adjusted on review';
  return cuts.length ? issueNote(tx, invoice, { origin: 'adjustment', reason, lines: cuts }, actor.id) : null;
}

/**
 * Once every line is decided: disputed if any line is; else the adjustments become a credit note and
 * the invoice is approved at its total less its notes (GST as the notes state it), with its due date.
 */
async function settle(tx: DbOrTx, actor: ShipperActor, invoice: Invoice) {
  const lines = await currentLines(tx, invoice.id, invoice.version);
  if (lines.some((l) => l.decision === 'pending')) {
    return;
  }
  const disputed = lines.filter((l) => l.decision === 'disputed');
  if (disputed.length) {
    return markDisputed(tx, actor, invoice, disputed, lines.length);
  }
  const note = await noteAdjustments(tx, actor, invoice, lines);
  const notes = await noteTotals(tx, invoice.id);
  const taxable = invoice.taxablePaise - notes.taxablePaise;
  if (taxable < 0) {
    throw badRequest('decisions', 'The approved deductions exceed the approved charges.');
  }
  const approved = taxable + (invoice.gstScheme === 'rcm' ? 0 : invoice.taxPaise - notes.taxPaise);
  const terms = await termsFor(tx, invoice.industryId, invoice.plantId, invoice.industryCarrierId);
  const dueDate = await dueDateOf(tx, invoice, terms.balanceOnPod, terms.creditDays);
  const now = new Date();
  await updateInvoice(tx, invoice.id, {
    status: approved === 0 ? 'paid' : 'approved',
    approvedTaxablePaise: taxable,
    approvedPaise: approved,
    advancePercent: terms.advancePercent,
    creditDays: terms.creditDays,
    dueDate,
    decidedAt: now,
    decidedBy: actor.id,
    updatedAt: now,
  });
  const noted = note ? ` with ${noteWords(note)}` : '';
  await tellCarrier(
    tx,
    invoice,
    'Invoice approved',
    `Invoice ${invoice.number} was approved for ₹${formatRupees(approved)}${noted}; due by ${dueDate}.`,
  );
  await recordInvoiceEvent(tx, 'invoice.approved', invoice.id, {});
}

/**
 * The shipper decides lines of the invoice's current version: approve (as billed), adjust (to an
 * amount, with the reason) or dispute (with the reason). Decisions may change until the last
 * pending line is decided; then the invoice is approved or disputed at once.
 */
export async function reviewInvoice(
  db: Db,
  actor: ShipperActor,
  id: number,
  scope: InvoiceRule,
  input: InvoiceReviewInput,
  expected?: Date,
) {
  await db.transaction(async (tx) => {
    const invoice = await lockedInvoice(tx, id, scope, expected);
    if (invoice.status !== 'submitted') {
      throw new AppError(
        409,
        'INVOICE_DECIDED',
        `This invoice is already ${invoice.status.replace('_', ' ')}: its lines cannot be decided again.`,
      );
    }
    const lines = await currentLines(tx, id, invoice.version);
    const now = new Date();
    for (const [i, d] of input.decisions.entries()) {
      const line = lines.find((l) => l.id === d.lineId);
      if (!line) {
        throw badRequest(`decisions.${i}.lineId`, 'No such line on the invoice as it stands.');
      }
      const decided = d.decision === 'adjust' ? Math.round((d.amountRupees ?? 0) * 100) : d.decision === 'approve' ? line.billsPaise : null;
      if (decided !== null && decided > line.billsPaise) {
        throw badRequest(
          `decisions.${i}.amountRupees`,
          `An adjustment can only lower a line: at most ₹${formatRupees(line.billsPaise)} is billed on it.`,
        );
      }
      await decideLine(tx, line.id, {
        decision: d.decision === 'approve' ? 'approved' : d.decision === 'adjust' ? 'adjusted' : 'disputed',
        decidedPaise: decided,
        decisionReason: d.reason ?? null,
        decidedBy: actor.id,
        decidedAt: now,
      });
    }
    await updateInvoice(tx, id, { updatedAt: now });
    await settle(tx, actor, invoice);
  });
}

/** Approves, in one click, every still pending line the audit found matching. */
export async function approveMatching(db: Db, actor: ShipperActor, id: number, scope: InvoiceRule, expected?: Date): Promise<number> {
  const [invoice] = await invoiceVersionQuery(db, id, scope);
  if (!invoice) {
    throw notFound('Invoice');
  }
  const matching = await matchingLinesQuery(db, id, invoice.version);
  if (!matching.length) {
    throw new AppError(409, 'NOTHING_MATCHES', 'No pending line matches the platform’s records: decide the lines one by one.');
  }
  await reviewInvoice(db, actor, id, scope, { decisions: matching.map((l) => ({ lineId: l.id, decision: 'approve' as const })) }, expected);
  return matching.length;
}
