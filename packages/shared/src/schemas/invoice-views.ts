import type { TdsRule } from '../tds.ts';
import type { CreditNoteView } from './notes.ts';
import type { AuditResult, GstScheme, InvoiceLineKind, InvoiceStatus, LineDecision } from './invoice.ts';

/** Money in answers is in paise (whole numbers); forms send rupees. */
export type InvoiceRow = {
  id: number;
  number: string;
  financialYear: string;
  invoiceDate: string;
  status: InvoiceStatus;
  version: number;
  industryId: number;
  shipperName: string;
  carrierLinkId: number;
  carrierName: string;
  plantId: number;
  plantName: string;
  orderCount: number;
  /** The carrier's claim: taxable value, GST and what the shipper pays the carrier. */
  taxablePaise: number;
  taxPaise: number;
  totalPaise: number;
  /** Once approved: the approved payable (after adjustments), paid so far, still due. */
  approvedPaise: number | null;
  paidPaise: number;
  duePaise: number;
  dueDate: string | null;
  overdue: boolean;
  submittedAt: string;
  /** The version to send back as If-Match on a decision or a revision. */
  updatedAt: string;
};

export type InvoiceLineView = {
  id: number;
  orderId: number;
  orderNumber: string;
  vehicleNumber: string | null;
  /** The order's consignment note (LR) as it was at issue; absent on invoices issued before LRs. */
  lrNumber?: string | null;
  kind: InvoiceLineKind;
  amountPaise: number;
  /** What credit notes took off the line: it bills amountPaise − creditedPaise now. */
  creditedPaise: number;
  reason: string | null;
  /** What the platform's records allow for the line (null when it has nothing to check it against). */
  expectedPaise: number | null;
  audit: AuditResult;
  auditNotes: string[];
  decision: LineDecision;
  decidedPaise: number | null;
  decisionReason: string | null;
};

export type GstBreakup = {
  scheme: GstScheme;
  ratePct: number;
  supplierGstin: string | null;
  recipientGstin: string;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Under reverse charge the shipper pays the GST to the government, not to the carrier. */
  reverseCharge: boolean;
};

export type InvoicePaymentView = {
  id: number;
  /** What the payment settles on the invoice: TDS plus what went to the carrier's bank. */
  amountPaise: number;
  tdsPaise: number;
  netPaise: number;
  tdsRatePct: number;
  tdsRule: TdsRule;
  paidOn: string;
  reference: string;
  provider: string;
  note: string | null;
  recordedAt: string;
};

export type InvoiceVersionView = {
  version: number;
  submittedAt: string;
  note: string | null;
  taxablePaise: number;
  totalPaise: number;
  lines: InvoiceLineView[];
};

/** A party of the tax invoice as rule 46 wants it: name, address, state, GSTIN (and PAN for the supplier). */
export type InvoiceParty = {
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
  gstin: string | null;
  pan: string | null;
};

/**
 * What a tax invoice (or a note) states about its parties and goods as issued, kept with it and
 * never read again from the profiles: the PDF and the detail show this, so a profile edited after
 * issue changes no issued document (rule 46 and section 34 of the CGST Act want the original to stand).
 */
export type IssuedParties = {
  supplier: InvoiceParty;
  recipient: InvoiceParty;
  placeOfSupply: string;
  carrierName: string;
  /** The vehicle of each billed order as it was at issue (order id → number). */
  vehicles: Record<string, string | null>;
  /** The consignment note (LR) of each billed order that had one at issue (order id → number). */
  consignmentNotes?: Record<string, string>;
  issuedAt: string;
};

export type InvoiceDetail = InvoiceRow & {
  supplier: InvoiceParty;
  /** The shipper at the billed plant (its address and GSTIN). */
  recipient: InvoiceParty;
  /** The recipient's state: the place of supply of a GTA service to a registered recipient. */
  placeOfSupply: string;
  /** When it was issued (ISO): the parties above are as they stood then. */
  issuedAt: string;
  gst: GstBreakup;
  approvedGst: GstBreakup | null;
  approvedTaxablePaise: number | null;
  totalInWords: string;
  advancePercent: number;
  creditDays: number;
  lines: InvoiceLineView[];
  /** Earlier versions (a disputed invoice revised), newest first. */
  history: InvoiceVersionView[];
  payments: InvoicePaymentView[];
  /** Credit and debit notes against it, oldest first: what is payable is its total less these. */
  notes: CreditNoteView[];
  /** What the caller may do now (`answer`: the carrier answers a dispute with a credit note or its reasons). */
  can: { review: boolean; pay: boolean; answer: boolean };
};

/** A delivered order the carrier has not billed yet, with what the platform expects on it. */
export type BillableOrder = {
  id: number;
  number: string;
  plantId: number;
  plantName: string;
  vehicleNumber: string | null;
  deliveredAt: string | null;
  /** Null when the platform knows no rate (priced per tonne, no weight). */
  freightPaise: number | null;
  detentionPaise: number;
  detentionHours: number;
  shortageQty: number;
  damageQty: number;
};

export type AgeingBuckets = { d0_30: number; d31_60: number; d61_90: number; d90plus: number };

/** One carrier's line of the shipper's payment summary (or one shipper's in the carrier's). */
export type PaymentSummaryRow = {
  carrierLinkId: number;
  industryId: number;
  name: string;
  invoices: number;
  billedPaise: number;
  approvedPaise: number;
  disputedPaise: number;
  paidPaise: number;
  duePaise: number;
  overduePaise: number;
  ageing: AgeingBuckets;
};
/** `rows`: the counterparts with the most due first (at most 200; `more` when there are others); `totals` count all. */
export type PaymentSummary = {
  rows: PaymentSummaryRow[];
  totals: Omit<PaymentSummaryRow, 'carrierLinkId' | 'industryId' | 'name'>;
  more: boolean;
  asOf: string;
};

/** The TDS a payment would carry (`POST …/payments/preview`). */
export type PaymentPreview = {
  basePaise: number;
  deductedOnPaise: number;
  tdsPaise: number;
  netPaise: number;
  ratePct: number;
  rule: TdsRule;
};

/**
 * One recipient GSTIN's line of table 3.1(d) of GSTR-3B (`GET /api/invoices/gstr3b?month`): the
 * month's freight under reverse charge, in paise (CGST and SGST may hold half a paisa), with the
 * invoices and notes it counts.
 */
export type Gstr3bLine = {
  gstin: string;
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  cessPaise: number;
  invoices: number;
  notes: number;
};
