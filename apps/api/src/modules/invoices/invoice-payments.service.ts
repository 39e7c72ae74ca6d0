import { formatRupees } from '@freightdesk/shared/money';
import type { InvoicePaymentInput } from '@freightdesk/shared/schemas/invoice';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { recordInvoiceEvent } from '../../lib/webhook-emits.ts';
import {
  type Invoice,
  insertPayment,
  invoiceForPayment,
  lockedForPayment,
  paymentByReference,
} from '../../repositories/invoice-payments.repository.ts';
import { lockPayee } from '../../repositories/tds.repository.ts';
import { checkBookDay } from './invoice-facts.ts';
import { type ShipperActor, tellCarrier } from './invoice-review.service.ts';
import { type TdsDecision, tdsColumns, tdsPlan } from './tds.service.ts';
import type { Rule } from '../../lib/policy-require.ts';

/** The policy's invoice rule for the caller. */
type InvoiceRule = Rule<'invoice'>;

/**
 * A payment already recorded on the invoice under the same UTR (the bank's reference, letters in
 * any case): the same amount and day is a retry of it (true: record nothing again, with or without
 * an Idempotency-Key); another amount or day under that UTR is refused, 409.
 */
async function recordedBefore(tx: Tx, invoiceId: number, input: InvoicePaymentInput, amount: number): Promise<boolean> {
  const earlier = await paymentByReference(tx, invoiceId, input.reference);
  if (!earlier) {
    return false;
  }
  if (earlier.amountPaise === amount && earlier.paidOn === input.paidOn) {
    return true;
  }
  const message = `UTR ${input.reference} is already recorded on this invoice (₹${formatRupees(earlier.amountPaise)} paid on ${earlier.paidOn}).`;
  throw new AppError(409, 'UTR_RECORDED', message, { reference: message });
}

/** The payment checked against the invoice: approved (409 otherwise), on or after its date, at most what is due. */
function checkPayment(invoice: Invoice, input: Pick<InvoicePaymentInput, 'paidOn' | 'amountRupees'>): number {
  if (invoice.status !== 'approved' && invoice.status !== 'partly_paid') {
    throw new AppError(
      409,
      'INVOICE_NOT_PAYABLE',
      `Only an approved invoice can be paid; this one is ${invoice.status.replace('_', ' ')}.`,
    );
  }
  checkBookDay('paidOn', input.paidOn);
  if (input.paidOn < invoice.invoiceDate) {
    throw badRequest('paidOn', `Paid on cannot be before the invoice date (${invoice.invoiceDate}).`);
  }
  const amount = Math.round(input.amountRupees * 100);
  const due = (invoice.approvedPaise ?? 0) - invoice.paidPaise;
  if (amount > due) {
    throw badRequest('amountRupees', `At most ₹${formatRupees(due)} is due on this invoice.`);
  }
  return amount;
}

/** The TDS a payment of the amount on the day would carry, and what goes to the bank; nothing is written. */
export async function previewPayment(db: Db, id: number, scope: InvoiceRule, input: Pick<InvoicePaymentInput, 'paidOn' | 'amountRupees'>) {
  // A read: nothing is locked (the payment itself locks the invoice and the payee when it records).
  return db.transaction(async (tx) => {
    const invoice = await invoiceForPayment(tx, id, scope, false);
    const amount = checkPayment(invoice, input);
    const [decision] = await tdsPlan(tx, invoice, input.paidOn, [{ ...invoice, grossPaise: amount }]);
    return decision as TdsDecision;
  });
}

/**
 * The shipper records a payment (full or part) against an approved invoice; never more than is due,
 * never twice. The amount settles the invoice; TDS is deducted from it (shared/tds.ts) and the rest
 * is what reached the carrier's bank under the UTR.
 */
export async function recordPayment(db: Db, actor: ShipperActor, id: number, scope: InvoiceRule, input: InvoicePaymentInput) {
  await db.transaction(async (tx) => {
    const invoice = await lockedForPayment(tx, id, scope);
    // A retry of a recorded payment (its UTR, amount and day) records nothing, even once the invoice is paid.
    if (await recordedBefore(tx, id, input, Math.round(input.amountRupees * 100))) {
      return;
    }
    const amount = checkPayment(invoice, input);
    await lockPayee(tx, invoice.industryCarrierId);
    const [tds] = (await tdsPlan(tx, invoice, input.paidOn, [{ ...invoice, grossPaise: amount }])) as [TdsDecision];
    const paid = await insertPayment(tx, invoice, {
      invoiceId: id,
      industryId: invoice.industryId,
      amountPaise: amount,
      paidOn: input.paidOn,
      reference: input.reference,
      note: input.note ?? null,
      createdBy: actor.id,
      ...tdsColumns(tds),
    });
    const deducted = tds.tdsPaise > 0 ? ` (₹${formatRupees(tds.netPaise)} to your bank, TDS ₹${formatRupees(tds.tdsPaise)})` : '';
    const left = (invoice.approvedPaise ?? 0) - paid;
    await tellCarrier(
      tx,
      invoice,
      'Payment made',
      `₹${formatRupees(amount)} paid on ${input.paidOn} against invoice ${invoice.number}${deducted}, UTR ${input.reference}; ₹${formatRupees(left)} still due.`,
    );
    await recordInvoiceEvent(tx, 'payment.recorded', id, { paidAmount: amount / 100, paidOn: input.paidOn, reference: input.reference });
  });
}
