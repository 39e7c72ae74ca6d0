import { z } from 'zod';
import { idRef, rupeesSchema } from './common.ts';
import type { InvoiceLineKind } from './invoice.ts';
import type { InvoiceParty } from './invoice-views.ts';

/** A line of a credit or debit note: the invoice line it changes, what was billed on it, and by how much it changes. */
export type NoteLine = {
  lineId: number;
  orderNumber: string;
  kind: InvoiceLineKind;
  billedPaise: number;
  amountPaise: number;
  reason: string | null;
};

export type CreditNoteView = {
  id: number;
  kind: 'credit' | 'debit';
  number: string;
  financialYear: string;
  noteDate: string;
  origin: 'adjustment' | 'dispute';
  reason: string;
  taxablePaise: number;
  taxPaise: number;
  totalPaise: number;
  lines: NoteLine[];
  supplier: InvoiceParty;
  recipient: InvoiceParty;
  createdAt: string;
};

/**
 * The carrier's answer to a disputed invoice: a credit note on the disputed lines, each by at most
 * what is still billed on it, with the reason; the shipper then reviews those lines again.
 */
export const creditNoteInputSchema = z.object({
  reason: z
    .string({ error: 'Say why the credit note is issued' })
    .trim()
    .min(1, 'Say why the credit note is issued')
    .max(300, 'At most 300 characters'),
  lines: z
    .array(z.object({ lineId: idRef('Choose a line'), amountRupees: rupeesSchema('Credit', { allowZero: true }) }), {
      error: 'Add at least one line',
    })
    .min(1, 'Add at least one line')
    .max(500, 'At most 500 lines'),
});
export type CreditNoteInput = z.input<typeof creditNoteInputSchema>;
