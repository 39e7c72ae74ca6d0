import { inr } from '@freightdesk/shared/money';
import type { AuditResult, InvoiceStatus } from '@freightdesk/shared/schemas/invoice';
import type { GstBreakup, InvoiceDetail, InvoiceLineView } from '@freightdesk/shared/schemas/invoice-views';

// The tax invoice's own rules (the GST parts, the billed amount in words) are in @freightdesk/shared/tax-invoice,
// shared with the API's PDF; `inr` is the shared money's.
export { inr };

/** An invoice as `GET …/invoices/:id` answers it: the detail and the version a save sends back as If-Match. */
export type InvoiceAnswer = InvoiceDetail & { updatedAt: string };

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

/** All the GST of a breakup, in paise. */
export const gstTotal = (gst: GstBreakup): number => gst.cgstPaise + gst.sgstPaise + gst.igstPaise;
