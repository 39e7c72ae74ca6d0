import { formatRupees, gstStateCode, rupeesInWords } from '@freightdesk/shared/money';
import type { AuditResult, InvoiceStatus } from '@freightdesk/shared/schemas/invoice';
import type { GstBreakup, InvoiceDetail, InvoiceLineView } from '@freightdesk/shared/schemas/invoice-views';

/** An invoice as `GET …/invoices/:id` answers it: the detail and the version a save sends back as If-Match. */
export type InvoiceAnswer = InvoiceDetail & { updatedAt: string };

/** Paise as the app shows money: ₹1,23,456.00 (Indian grouping). */
export const inr = (paise: number): string => `₹${formatRupees(paise)}`;

/** Like `inr`, with "—" for an amount not known (an approval not made yet). */
export const inrOrDash = (paise: number | null | undefined): string => (paise === null || paise === undefined ? '—' : inr(paise));

/** A difference with its sign: "+₹500.00", "−₹200.00", "₹0.00". */
export function signedInr(paise: number): string {
  if (paise === 0) {
    return inr(0);
  }
  return `${paise > 0 ? '+' : '−'}${inr(Math.abs(paise))}`;
}

/** Billed minus what the platform expects on the line; null when it had nothing to check against. */
export function lineDifference(line: Pick<InvoiceLineView, 'amountPaise' | 'expectedPaise'>): number | null {
  return line.expectedPaise === null ? null : line.amountPaise - line.expectedPaise;
}

export const INVOICE_STATUS_COLOR: Record<InvoiceStatus, string> = {
  submitted: 'blue',
  approved: 'teal',
  disputed: 'red',
  partly_paid: 'yellow',
  paid: 'green',
};

export const AUDIT_LABEL: Record<AuditResult, string> = { match: 'Matches', differs: 'Differs', unchecked: 'Not checked' };
export const AUDIT_COLOR: Record<AuditResult, string> = { match: 'green', differs: 'orange', unchecked: 'gray' };

/** The shipper's decision on a line in words: "Approved", "Adjusted to ₹900.00", "Disputed", "Not decided yet". */
export function decisionText(line: Pick<InvoiceLineView, 'decision' | 'decidedPaise'>): string {
  switch (line.decision) {
    case 'approved':
      return 'Approved';
    case 'adjusted':
      return `Adjusted to ${inrOrDash(line.decidedPaise)}`;
    case 'disputed':
      return 'Disputed';
    default:
      return 'Not decided yet';
  }
}

/** The GST parts an invoice shows: CGST and SGST within one state, IGST across states (each with its rate). */
export function gstParts(gst: GstBreakup): { label: string; paise: number }[] {
  // The API's rule: without a supplier GSTIN (reverse charge, unregistered) the supply counts as within the state.
  if (gstStateCode(gst.supplierGstin ?? gst.recipientGstin) !== gstStateCode(gst.recipientGstin)) {
    return [{ label: `IGST ${gst.ratePct}%`, paise: gst.igstPaise }];
  }
  const half = gst.ratePct / 2;
  return [
    { label: `CGST ${half}%`, paise: gst.cgstPaise },
    { label: `SGST ${half}%`, paise: gst.sgstPaise },
  ];
}

/** All the GST of a breakup, in paise. */
export const gstTotal = (gst: GstBreakup): number => gst.cgstPaise + gst.sgstPaise + gst.igstPaise;

/**
 * The total in words of the invoice as billed. The API's `totalInWords` follows the approved amount
 * once there is one; a printed tax invoice states what the carrier billed, so it is spelt here then.
 */
export function billedInWords(invoice: Pick<InvoiceDetail, 'totalInWords' | 'approvedPaise' | 'totalPaise'>): string {
  return invoice.approvedPaise === null || invoice.approvedPaise === invoice.totalPaise
    ? invoice.totalInWords
    : rupeesInWords(invoice.totalPaise);
}
