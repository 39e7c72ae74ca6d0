import { financialYear } from '@freightdesk/shared/money';
import { type PlanInvoiceSource, planInvoiceSheet } from '@freightdesk/shared/plan-invoice';
import type { InvoiceParty } from '@freightdesk/shared/schemas/invoice-views';
import { PLAN_SAC, type PlanGst, type PlatformBilling, planGst } from '@freightdesk/shared/schemas/plan-billing';
import { gstCodeOfState, stateOfGstin } from '@freightdesk/shared/validation/india';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { indiaToday } from '../../lib/india-time.ts';
import type { Viewer } from '../../lib/policy.ts';
import { insertPlanInvoice, nextPlanInvoiceNumber, planInvoiceOfPayment } from '../../repositories/plan-invoices.repository.ts';
import { readPlatformBilling, shipperParty } from '../../repositories/platform-billing.repository.ts';
import { sheetPdf } from '../invoices/invoice-pdf.ts';

/**
 * GST on plans and the platform's tax invoice for each confirmed plan payment (issue 33,
 * docs/finance.md "Plans").
 */

/** The payment reference the payer quotes with the transfer. */
export const paymentReference = (paymentId: number) => `FD-PAY-${paymentId}`;

/** The platform's details, or 409 on `field` while the admin has not set them (nobody could pay). */
export async function platformBillingOrRefuse(db: DbOrTx, field: string): Promise<PlatformBilling> {
  const billing = await readPlatformBilling(db);
  if (!billing) {
    throw conflict(field, 'The platform has not set its bank and tax details yet, so plans cannot be paid. Please try again later.');
  }
  return billing;
}

/** The platform as the supplier on its tax invoice. */
const platformParty = (b: PlatformBilling): InvoiceParty => ({
  name: b.legalName,
  address: b.address,
  city: b.city,
  state: b.state,
  pincode: b.pincode,
  gstin: b.gstin,
  pan: b.pan,
});

/**
 * Where a plan is supplied (section 12 of the IGST Act): the shipper's registered state (its
 * GSTIN's code); an unregistered shipper's plant state; else the platform's own state.
 */
function placeOfSupply(recipient: InvoiceParty, billing: PlatformBilling): { state: string; code: number | undefined } {
  const fromGstin = recipient.gstin ? stateOfGstin(recipient.gstin) : undefined;
  const state = fromGstin ?? recipient.state ?? billing.state;
  return { state, code: gstCodeOfState(state) };
}

/** GST on a plan price for a shipper: CGST + SGST in the platform's state, IGST elsewhere. */
export async function planTax(db: DbOrTx, industryId: number, pricePaise: number, field: string): Promise<PlanGst> {
  const billing = await platformBillingOrRefuse(db, field);
  const supply = placeOfSupply(await shipperParty(db, industryId), billing);
  return planGst(pricePaise, supply.code === Number(billing.gstin.slice(0, 2)));
}

export type ConfirmedPayment = {
  id: number;
  industryId: number;
  planName: string;
  startsAt: Date;
  endsAt: Date;
  gst: PlanGst;
  confirmedAt: Date;
};

/** Issues the platform's tax invoice for a confirmed plan payment, in the confirmation's transaction (its number gap-free). */
export async function issuePlanInvoice(tx: DbOrTx, p: ConfirmedPayment): Promise<number> {
  const billing = await platformBillingOrRefuse(tx, 'id');
  const recipient = await shipperParty(tx, p.industryId);
  const supply = placeOfSupply(recipient, billing);
  const fy = financialYear(p.confirmedAt).label;
  return insertPlanInvoice(tx, {
    paymentId: p.id,
    industryId: p.industryId,
    number: await nextPlanInvoiceNumber(tx, fy),
    financialYear: fy,
    invoiceDate: indiaToday(p.confirmedAt),
    planName: p.planName,
    periodFrom: indiaToday(p.startsAt),
    periodTo: indiaToday(new Date(p.endsAt.getTime() - 1)),
    sac: PLAN_SAC,
    ...p.gst,
    issued: { supplier: platformParty(billing), recipient, placeOfSupply: supply.state },
    createdAt: p.confirmedAt,
  });
}

/** The amount received must be what is payable, to the paisa. */
export function checkAmountReceived(receivedRupees: number, payablePaise: number): void {
  if (Math.round(receivedRupees * 100) !== payablePaise) {
    throw badRequest('amountRupees', `The amount received must be the payable ₹${(payablePaise / 100).toFixed(2)}.`);
  }
}

/** A plan payment's tax invoice as a PDF, for whoever the policy lets read it; 404 otherwise. */
export async function planInvoicePdf(db: DbOrTx, viewer: Viewer, paymentId: number) {
  const found = await planInvoiceOfPayment(db, viewer, paymentId);
  if (!found) {
    throw notFound('Tax invoice');
  }
  const { invoice: i, utr } = found;
  const source: PlanInvoiceSource = {
    ...i,
    paymentReference: paymentReference(i.paymentId),
    utr,
    supplier: i.issued.supplier,
    recipient: i.issued.recipient,
    placeOfSupply: i.issued.placeOfSupply,
  };
  const pdf = sheetPdf(planInvoiceSheet(source), { title: i.number, author: i.issued.supplier.name, createdAt: i.createdAt });
  return { number: i.number, pdf };
}
