import { formatDay, formatMoment } from './date-time.ts';
import type { ConsignmentNoteView } from './schemas/consignment-note.ts';
import { partyLines } from './tax-invoice.ts';
import { indianNumber } from './indian-number.ts';

/**
 * A consignment note laid out for print (the PDF the API makes, and what the web shows): the
 * carrier, the consignor and each consignee, the trip's facts, the goods, and the terms it is
 * issued under. No price: the freight is billed on the carrier's tax invoice.
 */
export type ConsignmentNoteSheet = {
  title: string;
  subtitle: string;
  parties: { title: string; lines: string[] }[];
  facts: { label: string; value: string }[];
  goods: { description: string; packages: string; weight: string };
  terms: string[];
  signatory: string;
};

const kg = (n: number | null) => (n === null ? '—' : `${indianNumber(Math.round(n))} kg`);
const orDash = (s: string | null) => s || '—';

/** The trip's facts: the note's number and date, the road, the vehicle and driver, and the documents that travel with it. */
function noteFacts(note: ConsignmentNoteView): ConsignmentNoteSheet['facts'] {
  const d = note.details;
  return [
    { label: 'LR no.', value: note.number },
    { label: 'Date', value: formatDay(note.noteDate) },
    { label: 'Order', value: note.orderNumber },
    { label: 'From', value: d.from },
    { label: 'To', value: d.to },
    { label: 'Vehicle', value: [d.vehicleNumber, d.vehicleType].filter(Boolean).join(', ') || '—' },
    { label: 'Driver', value: [d.driverName, d.driverMobile].filter(Boolean).join(', ') || '—' },
    { label: 'E-way bill', value: d.ewayBills.join(', ') || 'None recorded' },
    { label: "Consignor's invoice", value: orDash(d.shipperInvoiceNumber) },
    { label: 'Seal', value: orDash(d.sealNumber) },
    ...(d.paperLrNumber ? [{ label: 'Paper LR', value: d.paperLrNumber }] : []),
  ];
}

export function consignmentNoteSheet(note: ConsignmentNoteView): ConsignmentNoteSheet {
  const d = note.details;
  return {
    title: 'Consignment note (LR)',
    subtitle: `Goods transport agency · made ${formatMoment(note.issuedAt)}`,
    parties: [
      { title: 'Carrier (GTA)', lines: partyLines(d.carrier) },
      { title: 'Consignor', lines: partyLines(d.consignor) },
      ...d.consignees.map((c, i) => ({ title: d.consignees.length > 1 ? `Consignee ${i + 1}` : 'Consignee', lines: partyLines(c) })),
    ],
    facts: noteFacts(note),
    goods: {
      description: orDash(d.goods),
      packages: d.packages === null ? 'Not counted' : indianNumber(d.packages),
      weight: `${kg(d.weightKg)}${d.weightSource === 'weighbridge' ? ' (weighbridge, net)' : d.weightSource === 'order' ? ' (as ordered)' : ''}`,
    },
    terms: [
      "Goods carried at owner's risk unless insured by the consignor.",
      'Freight and the GST on it are as stated on the carrier’s tax invoice for this consignment.',
      'Delivery against the consignee’s receipt on the proof of delivery.',
    ],
    signatory: `For ${d.carrier.name}`,
  };
}
