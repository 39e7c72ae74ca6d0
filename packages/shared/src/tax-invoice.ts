import { gstSplit, gstStateCode, inr, rupeesInWords } from './money.ts';
import { INVOICE_LINE_KIND_LABEL } from './schemas/invoice.ts';
import type { GstBreakup, InvoiceDetail, InvoiceParty } from './schemas/invoice-views.ts';
import type { CreditNoteView } from './schemas/notes.ts';

/**
 * A carrier's invoice as a tax invoice (rule 46 of the CGST Rules) states it, in one place for both
 * renderings of it: the browser's print (apps/web invoice-print.tsx) and the server's PDF
 * (apps/api invoice-pdf.ts). Each draws the same sheet; neither decides a label, a sign or a rule.
 */

/** Services accounting code of goods transport agency services by road. */
export const GTA_SAC = '996791';

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

/**
 * The total in words of the invoice as billed. The API's `totalInWords` follows the approved amount
 * once there is one; a tax invoice states what the carrier billed, so it is spelt here then.
 */
export function billedInWords(invoice: Pick<InvoiceDetail, 'totalInWords' | 'approvedPaise' | 'totalPaise'>): string {
  return invoice.approvedPaise === null || invoice.approvedPaise === invoice.totalPaise
    ? invoice.totalInWords
    : rupeesInWords(invoice.totalPaise);
}

/** A party's block: its name, address (city, state and PIN code), GSTIN ("Not registered" without one) and PAN when known. */
export function partyLines(party: InvoiceParty): string[] {
  const stateLine = party.state && party.pincode ? `${party.state} ${party.pincode}` : party.state;
  const place = [party.address, party.city, stateLine].filter(Boolean);
  return [
    party.name,
    ...(place.length > 0 ? [place.join(', ')] : []),
    `GSTIN: ${party.gstin ?? 'Not registered'}`,
    ...(party.pan ? [`PAN: ${party.pan}`] : []),
  ];
}

export type TaxInvoiceSource = Pick<
  InvoiceDetail,
  | 'number'
  | 'invoiceDate'
  | 'financialYear'
  | 'carrierName'
  | 'supplier'
  | 'recipient'
  | 'placeOfSupply'
  | 'issuedAt'
  | 'gst'
  | 'lines'
  | 'taxablePaise'
  | 'totalPaise'
  | 'approvedPaise'
  | 'totalInWords'
>;

/** One line of the invoice (`id`: the line's): its order, vehicle ("—" when none), what it is, and the amount (a deduction with "−"). */
export type TaxInvoiceLine = { id: number; order: string; vehicle: string; description: string; amount: string };
/** A row under the lines: taxable value, the GST parts, the total. */
export type TaxInvoiceTotal = { label: string; amount: string; strong: boolean };

/** The tax invoice as text, in the order it is read. */
export type TaxInvoiceSheet = {
  title: string;
  subtitle: string;
  supplier: { title: string; lines: string[] };
  recipient: { title: string; lines: string[] };
  placeOfSupply: string;
  facts: { label: string; value: string }[];
  lines: TaxInvoiceLine[];
  /** The heads of the lines' order and vehicle columns, when the document's lines are not orders ("Plan", "Period"). */
  heads?: { order: string; vehicle: string };
  totals: TaxInvoiceTotal[];
  inWords: string;
  signatory: string;
};

/**
 * The tax invoice of an invoice: supplier and recipient with their GSTINs, place of supply, number
 * and date, the lines, taxable value, GST parts with their rates, total, the billed amount in words
 * and whether tax is payable on reverse charge (then the GST is the recipient's to pay, not part of
 * what the supplier is paid).
 */
export function taxInvoiceSheet(invoice: TaxInvoiceSource): TaxInvoiceSheet {
  const { gst } = invoice;
  const rcm = gst.reverseCharge;
  return {
    title: 'Tax invoice',
    subtitle: `Goods transport agency services (SAC ${GTA_SAC})`,
    supplier: { title: 'Supplier', lines: partyLines(invoice.supplier) },
    recipient: { title: 'Recipient', lines: partyLines(invoice.recipient) },
    placeOfSupply: invoice.placeOfSupply || `state code ${gstStateCode(gst.recipientGstin)}`,
    facts: [
      { label: 'Invoice no.', value: invoice.number },
      { label: 'Date', value: invoice.invoiceDate },
      { label: 'Financial year', value: invoice.financialYear },
      { label: 'Tax payable on reverse charge', value: rcm ? 'Yes' : 'No' },
    ],
    lines: invoice.lines.map((l) => ({
      id: l.id,
      order: l.lrNumber ? `${l.orderNumber}, LR ${l.lrNumber}` : l.orderNumber,
      vehicle: l.vehicleNumber ?? '—',
      description: `${INVOICE_LINE_KIND_LABEL[l.kind]}${l.reason ? `: ${l.reason}` : ''}`,
      amount: l.kind === 'deduction' ? `−${inr(l.amountPaise)}` : inr(l.amountPaise),
    })),
    totals: [
      { label: 'Taxable value', amount: inr(invoice.taxablePaise), strong: true },
      ...gstParts(gst).map((p) => ({
        label: `${p.label}${rcm ? ' (payable by the recipient under reverse charge)' : ''}`,
        amount: inr(p.paise),
        strong: false,
      })),
      { label: `Invoice total${rcm ? ' (payable to the supplier)' : ''}`, amount: inr(invoice.totalPaise), strong: true },
    ],
    inWords: billedInWords(invoice),
    signatory: `For ${invoice.carrierName}, authorised signatory`,
  };
}

/** The invoice a note is against, as the note states it. */
export type NoteInvoice = Pick<InvoiceDetail, 'number' | 'invoiceDate' | 'gst' | 'carrierName'>;

/**
 * A credit or debit note as section 34 of the CGST Act and rule 53 of the CGST Rules want it: its
 * own number and date, the parties as at the note, the invoice it is against (number and date), each
 * line it changes with what was billed and by how much, the taxable value, GST by part at the
 * invoice's rate, the total, and whether tax is payable on reverse charge.
 */
export function noteSheet(note: CreditNoteView, invoice: NoteInvoice): TaxInvoiceSheet {
  const rcm = invoice.gst.reverseCharge;
  const split = gstSplit(
    note.taxablePaise,
    invoice.gst.ratePct,
    invoice.gst.supplierGstin ?? invoice.gst.recipientGstin,
    invoice.gst.recipientGstin,
  );
  const title = note.kind === 'credit' ? 'Credit note' : 'Debit note';
  return {
    title,
    subtitle: `Goods transport agency services (SAC ${GTA_SAC}), against tax invoice ${invoice.number}`,
    supplier: { title: 'Supplier', lines: partyLines(note.supplier) },
    recipient: { title: 'Recipient', lines: partyLines(note.recipient) },
    placeOfSupply: note.recipient.state || `state code ${gstStateCode(invoice.gst.recipientGstin)}`,
    facts: [
      { label: `${title} no.`, value: note.number },
      { label: 'Date', value: note.noteDate },
      { label: 'Against invoice', value: `${invoice.number} of ${invoice.invoiceDate}` },
      { label: 'Tax payable on reverse charge', value: rcm ? 'Yes' : 'No' },
      { label: 'Reason', value: note.reason },
    ],
    lines: note.lines.map((l) => ({
      id: l.lineId,
      order: l.orderNumber,
      vehicle: '—',
      description: `${INVOICE_LINE_KIND_LABEL[l.kind]} (billed ${inr(l.billedPaise)})`,
      amount: l.kind === 'deduction' ? `−${inr(l.amountPaise)}` : inr(l.amountPaise),
    })),
    totals: [
      { label: 'Taxable value', amount: inr(note.taxablePaise), strong: true },
      ...gstParts({ ...invoice.gst, cgstPaise: split.cgstPaise, sgstPaise: split.sgstPaise, igstPaise: split.igstPaise }).map((p) => ({
        label: `${p.label}${rcm ? ' (of the recipient’s reverse-charge liability)' : ''}`,
        amount: inr(p.paise),
        strong: false,
      })),
      { label: `${title} total`, amount: inr(note.totalPaise), strong: true },
    ],
    inWords: rupeesInWords(note.totalPaise),
    signatory: `For ${invoice.carrierName}, authorised signatory`,
  };
}
