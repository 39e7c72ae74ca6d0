import { z } from 'zod';
import type { InvoiceParty } from './invoice-views.ts';

/**
 * A consignment note (lorry receipt, LR): the carrier's receipt for the goods it carries, in its own
 * numbered series per financial year ('LR/26-27/0001'), made when the vehicle gates out of the
 * shipper's plant or by the carrier before. What it states is kept as it stood when it was made and
 * never read again from the order or the profiles. It carries no price: the freight is on the
 * carrier's tax invoice.
 */
export type ConsignmentNoteDetails = {
  carrier: InvoiceParty;
  consignor: InvoiceParty;
  /** Where the goods are delivered, in the lane's order (an outbound trip may have several drop-offs). */
  consignees: InvoiceParty[];
  from: string;
  to: string;
  goods: string | null;
  packages: number | null;
  /** The weighbridge's net weight at loading, else the order's weight. */
  weightKg: number | null;
  weightSource: 'weighbridge' | 'order' | null;
  vehicleNumber: string | null;
  vehicleType: string | null;
  driverName: string | null;
  driverMobile: string | null;
  ewayBills: string[];
  /** The shipper's own invoice (or delivery challan) number recorded at loading. */
  shipperInvoiceNumber: string | null;
  sealNumber: string | null;
  /** A number from the carrier's paper LR book, when the guard recorded one at loading. */
  paperLrNumber: string | null;
};

export type ConsignmentNoteSource = 'gate_out' | 'carrier';

export type ConsignmentNoteView = {
  id: number;
  number: string;
  financialYear: string;
  noteDate: string;
  source: ConsignmentNoteSource;
  orderNumber: string;
  issuedAt: string;
  details: ConsignmentNoteDetails;
};

/** What the public tracking page shows of a consignment note: who sends and receives what, never a party's tax ids. */
export const publicConsignmentNoteSchema = z.object({
  number: z.string(),
  noteDate: z.string(),
  consignor: z.string(),
  consignees: z.array(z.string()),
  goods: z.string().nullable(),
  packages: z.number().nullable(),
  weightKg: z.number().nullable(),
});
export type PublicConsignmentNote = z.infer<typeof publicConsignmentNoteSchema>;

/** Packages of a consignment: a whole number, refused rather than rounded. */
export const packagesSchema = z
  .number({ error: 'Packages is a whole number of packages' })
  .int({ error: 'Packages is a whole number of packages' })
  .min(1, { error: 'Packages is at least 1' })
  .max(1_000_000, { error: 'Packages is at most 10,00,000' });

/** The carrier makes its consignment note before the gate does (an inbound pickup, a trip without a gate). */
export const consignmentNoteInputSchema = z.object({
  packages: packagesSchema.optional(),
});
export type ConsignmentNoteInput = z.input<typeof consignmentNoteInputSchema>;

/** The public page's part of a note. */
export function publicConsignmentNote(note: ConsignmentNoteView): PublicConsignmentNote {
  const d = note.details;
  return {
    number: note.number,
    noteDate: note.noteDate,
    consignor: d.consignor.name,
    consignees: d.consignees.map((c) => c.name),
    goods: d.goods,
    packages: d.packages,
    weightKg: d.weightKg,
  };
}
