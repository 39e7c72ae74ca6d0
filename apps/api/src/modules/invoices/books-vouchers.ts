import { gstSplit } from '@freightdesk/shared/money';
import type { BookGst, BookInvoice, BookNote, BookPayment } from '../../repositories/books.repository.ts';

/**
 * The shipper's freight as vouchers of its books (issue 33), one list that the TallyPrime file
 * (tally-xml.ts) and the ledger CSV (ledger-csv.ts) both render, one voucher per document:
 *
 * - a **Purchase** per approved invoice: freight debited at its taxable value, input GST by part
 *   debited; the carrier credited with what it is paid; under reverse charge the GST credited to
 *   the reverse-charge liability ledgers instead of to the carrier;
 * - a **Debit Note** per carrier's credit note (the same entries the other way), a **Purchase** per
 *   carrier's debit note;
 * - a **Journal** per payment with TDS: the carrier debited, the TDS payable ledger credited;
 * - a **Payment** per payment: the carrier debited with what reached its bank, the bank credited.
 *
 * Every voucher balances to the paisa. Ledger names are `TALLY_LEDGERS` (the carrier's ledger is
 * its name); create them in the books once, or rename them there.
 */

export const TALLY_LEDGERS = {
  freight: 'Freight Inward',
  bank: 'Bank',
  tds: 'TDS Payable - 194C',
  input: { cgst: 'Input CGST', sgst: 'Input SGST', igst: 'Input IGST' },
  reverseCharge: { cgst: 'CGST Payable (Reverse Charge)', sgst: 'SGST Payable (Reverse Charge)', igst: 'IGST Payable (Reverse Charge)' },
} as const;

/** A ledger line: `debitPaise` positive for a debit, negative for a credit. */
export type Entry = { ledger: string; debitPaise: number };
/**
 * A voucher of the books: its type, number, day, party and reference (the invoice or note it is
 * for), narration, the carrier's GSTIN, the plant billed (its code), the day of the document it
 * rests on (the invoice's for a note or a payment) and its entries, which sum to zero.
 */
export type Voucher = {
  type: string;
  number: string;
  day: string;
  party: string;
  reference: string;
  narration: string;
  gstin: string;
  plant: string;
  documentDay: string;
  entries: Entry[];
};

/** The GST parts of a taxable value as the invoice splits it (CGST + SGST within a state, IGST across). */
function parts(doc: BookGst & { taxablePaise: number }) {
  const split = gstSplit(doc.taxablePaise, doc.ratePct, doc.supplierGstin ?? doc.recipientGstin, doc.recipientGstin);
  return [
    { part: 'cgst', paise: split.cgstPaise },
    { part: 'sgst', paise: split.sgstPaise },
    { part: 'igst', paise: split.igstPaise },
  ].filter((p) => p.paise > 0) as { part: 'cgst' | 'sgst' | 'igst'; paise: number }[];
}

/** A purchase's entries, `sign` −1 to reverse them (a credit note). */
function purchaseEntries(doc: BookGst & { carrier: string; taxablePaise: number }, sign: 1 | -1): Entry[] {
  const gst = parts(doc);
  const tax = gst.reduce((n, p) => n + p.paise, 0);
  const rcm = doc.gstScheme === 'rcm';
  return [
    { ledger: TALLY_LEDGERS.freight, debitPaise: sign * doc.taxablePaise },
    ...gst.map((p) => ({ ledger: TALLY_LEDGERS.input[p.part], debitPaise: sign * p.paise })),
    { ledger: doc.carrier, debitPaise: -sign * (doc.taxablePaise + (rcm ? 0 : tax)) },
    ...(rcm ? gst.map((p) => ({ ledger: TALLY_LEDGERS.reverseCharge[p.part], debitPaise: -sign * p.paise })) : []),
  ];
}

function invoiceVoucher(i: BookInvoice): Voucher {
  const rcm = i.gstScheme === 'rcm' ? ', tax payable on reverse charge' : '';
  const narration = `Freight invoice ${i.number} of ${i.carrier}${rcm}`;
  return {
    type: 'Purchase',
    number: i.number,
    day: i.day,
    party: i.carrier,
    reference: i.number,
    narration,
    gstin: i.supplierGstin ?? '',
    plant: i.plant,
    documentDay: i.invoiceDay,
    entries: purchaseEntries(i, 1),
  };
}

function noteVoucher(n: BookNote): Voucher {
  const credit = n.kind === 'credit';
  return {
    type: credit ? 'Debit Note' : 'Purchase',
    number: n.number,
    day: n.day,
    party: n.carrier,
    reference: n.invoiceNumber,
    narration: `${credit ? 'Credit' : 'Debit'} note ${n.number} of ${n.carrier} against invoice ${n.invoiceNumber}`,
    gstin: n.supplierGstin ?? '',
    plant: n.plant,
    documentDay: n.invoiceDay,
    entries: purchaseEntries(n, credit ? -1 : 1),
  };
}

function paymentVouchers(p: BookPayment): Voucher[] {
  const base = {
    day: p.day,
    party: p.carrier,
    reference: p.invoiceNumber,
    gstin: p.supplierGstin ?? '',
    plant: p.plant,
    documentDay: p.invoiceDay,
  };
  const net = p.amountPaise - p.tdsPaise;
  const payment: Voucher = {
    ...base,
    type: 'Payment',
    number: `PAY-${p.id}`,
    narration: `Freight paid against invoice ${p.invoiceNumber}, UTR ${p.reference}`,
    entries: [
      { ledger: p.carrier, debitPaise: net },
      { ledger: TALLY_LEDGERS.bank, debitPaise: -net },
    ],
  };
  if (p.tdsPaise === 0) {
    return [payment];
  }
  const journal: Voucher = {
    ...base,
    type: 'Journal',
    number: `TDS-${p.id}`,
    narration: `TDS under section 194C (section 393 of the Income-tax Act, 2025) on the payment against invoice ${p.invoiceNumber}`,
    entries: [
      { ledger: p.carrier, debitPaise: p.tdsPaise },
      { ledger: TALLY_LEDGERS.tds, debitPaise: -p.tdsPaise },
    ],
  };
  return [journal, payment];
}

/** The period's documents as vouchers: purchases, then notes, then each payment's TDS journal and payment. */
export function bookVouchers(books: { invoices: BookInvoice[]; notes: BookNote[]; payments: BookPayment[] }): Voucher[] {
  return [...books.invoices.map(invoiceVoucher), ...books.notes.map(noteVoucher), ...books.payments.flatMap(paymentVouchers)];
}
