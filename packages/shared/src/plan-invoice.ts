import { inr, rupeesInWords } from './money.ts';
import type { InvoiceParty } from './schemas/invoice-views.ts';
import { PLAN_GST_PCT, PLAN_SAC } from './schemas/plan-billing.ts';
import { partyLines, type TaxInvoiceSheet } from './tax-invoice.ts';

/** What the platform's tax invoice for a plan states (as issued, never read again from the profiles). */
export type PlanInvoiceSource = {
  number: string;
  invoiceDate: string;
  planName: string;
  periodFrom: string;
  periodTo: string;
  paymentReference: string;
  utr: string | null;
  supplier: InvoiceParty;
  recipient: InvoiceParty;
  placeOfSupply: string;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

/** GST parts of a plan invoice: CGST and SGST at 9% each within a state, IGST at 18% across states. */
function planGstRows(i: PlanInvoiceSource): { label: string; amount: string; strong: boolean }[] {
  if (i.igstPaise > 0 || (i.cgstPaise === 0 && i.sgstPaise === 0)) {
    return [{ label: `IGST ${PLAN_GST_PCT}%`, amount: inr(i.igstPaise), strong: false }];
  }
  return [
    { label: `CGST ${PLAN_GST_PCT / 2}%`, amount: inr(i.cgstPaise), strong: false },
    { label: `SGST ${PLAN_GST_PCT / 2}%`, amount: inr(i.sgstPaise), strong: false },
  ];
}

/** The platform's tax invoice for a plan (rule 46 of the CGST Rules) as the sheet the PDF draws. */
export function planInvoiceSheet(i: PlanInvoiceSource): TaxInvoiceSheet {
  return {
    title: 'Tax invoice',
    subtitle: `Freightdesk subscription: software as a service (SAC ${PLAN_SAC})`,
    supplier: { title: 'Supplier', lines: partyLines(i.supplier) },
    recipient: { title: 'Recipient', lines: partyLines(i.recipient) },
    placeOfSupply: i.placeOfSupply,
    facts: [
      { label: 'Invoice no.', value: i.number },
      { label: 'Date', value: i.invoiceDate },
      { label: 'Payment reference', value: i.paymentReference },
      ...(i.utr ? [{ label: 'UTR', value: i.utr }] : []),
      { label: 'Tax payable on reverse charge', value: 'No' },
    ],
    heads: { order: 'Plan', vehicle: 'Period' },
    lines: [
      {
        id: 1,
        order: i.planName,
        vehicle: `${i.periodFrom} to ${i.periodTo}`,
        description: `Subscription to the Freightdesk platform, SAC ${PLAN_SAC}`,
        amount: inr(i.taxablePaise),
      },
    ],
    totals: [
      { label: 'Taxable value', amount: inr(i.taxablePaise), strong: true },
      ...planGstRows(i),
      { label: 'Invoice total', amount: inr(i.totalPaise), strong: true },
    ],
    inWords: rupeesInWords(i.totalPaise),
    signatory: `For ${i.supplier.name}, authorised signatory`,
  };
}
