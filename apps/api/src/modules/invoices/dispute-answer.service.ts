import { formatRupees } from '@freightdesk/shared/money';
import type { CreditNoteInput } from '@freightdesk/shared/schemas/notes';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { audience } from '../../lib/policy.ts';
import { type CurrentLine, currentLines, lockCarrierInvoice, reopenLines, resubmit } from '../../repositories/credit-notes.repository.ts';
import { type IssuedNote, issueNote, noteWords } from './credit-notes.service.ts';

export type CarrierActor = { id: number; carrierId: number };

/** The note's lines: each names a disputed line and credits at most what it still bills; each refusal names its field. */
function noteLines(input: CreditNoteInput, lines: CurrentLine[]) {
  const seen = new Set<number>();
  return input.lines.map((l, i) => {
    const line = lines.find((x) => x.id === l.lineId);
    if (line?.decision !== 'disputed') {
      throw badRequest(`lines.${i}.lineId`, 'Only a disputed line of the invoice can be credited.');
    }
    if (seen.has(line.id)) {
      throw badRequest(`lines.${i}.lineId`, 'This line is listed twice: credit it once.');
    }
    seen.add(line.id);
    const amount = Math.round(l.amountRupees * 100);
    if (amount > line.billsPaise) {
      throw badRequest(`lines.${i}.amountRupees`, `At most ₹${formatRupees(line.billsPaise)} is billed on this line.`);
    }
    return {
      lineId: line.id,
      orderNumber: line.orderNumber,
      kind: line.kind,
      billedPaise: line.billsPaise,
      amountPaise: amount,
      reason: null,
    };
  });
}

async function tellShipper(
  tx: DbOrTx,
  invoice: { id: number; industryId: number; number: string },
  note: IssuedNote | null,
  reason: string,
) {
  const msg = note
    ? `Invoice ${invoice.number}: the carrier issued ${noteWords(note)} on the disputed lines. Review them again.`
    : `Invoice ${invoice.number}: the carrier stands by the disputed lines (${reason}). Review them again.`;
  await notify(tx, await audience(tx, invoice.industryId, 'invoice', invoice.id), {
    title: note ? 'Credit note received' : 'Dispute answered',
    msg,
    type: 'invoice',
    referId: invoice.id,
    requestType: 1,
  });
}

/**
 * The carrier answers a disputed invoice (issue 33; GST wants the issued invoice to stand): a credit
 * note on the disputed lines in its own series, or, with nothing credited, its reasons for the bill
 * as it stands. Either way the disputed lines go back to the shipper to decide; the lines it
 * approved stay approved.
 */
export async function answerDispute(db: Db, actor: CarrierActor, id: number, input: CreditNoteInput, expected: Date | undefined) {
  return db.transaction(async (tx) => {
    const invoice = await lockCarrierInvoice(tx, id, actor.carrierId, expected);
    if (invoice.status !== 'disputed') {
      const state = invoice.status.replace('_', ' ');
      throw new AppError(409, 'INVOICE_NOT_DISPUTED', `Only a disputed invoice is answered with a credit note; this one is ${state}.`);
    }
    const lines = await currentLines(tx, id, invoice.version);
    const credited = noteLines(input, lines);
    const note = await issueNote(tx, invoice, { origin: 'dispute', reason: input.reason, lines: credited }, actor.id);
    await reopenLines(
      tx,
      lines.filter((l) => l.decision === 'disputed').map((l) => l.id),
    );
    await resubmit(tx, id, actor.id);
    await tellShipper(tx, invoice, note, input.reason);
    return note;
  });
}
