import {
  type GstScheme,
  INVOICE_LINE_KINDS,
  type InvoiceInput,
  type InvoicePreviewInput,
  type InvoiceLineKind,
  ONCE_PER_ORDER,
} from '@freightdesk/shared/schemas/invoice';
import type { BillableOrder } from '@freightdesk/shared/schemas/invoice-views';

/**
 * One line of the invoice being written. `orderNumber` and `vehicleNumber` only label it;
 * `expectedPaise` is what the platform expects on a freight or detention line (a hint beside the amount).
 */
export type DraftLine = {
  orderId: number;
  orderNumber: string;
  vehicleNumber: string | null;
  kind: InvoiceLineKind;
  /** Rupees as typed (undefined while empty, NaN while not a number). */
  amountRupees: number | undefined;
  reason: string;
  expectedPaise: number | null;
};

/** The editor's values. */
export type InvoiceDraft = {
  number: string;
  invoiceDate: string;
  gstScheme: GstScheme;
  lines: DraftLine[];
};

/** The fields a server message may name (`lines.3.amountRupees` lands on line 4's amount). */
export const DRAFT_FIELDS = ['number', 'invoiceDate', 'gstScheme', 'lines'] as const;

/** Kinds that must say what they are for. */
export const needsReason = (kind: InvoiceLineKind): boolean => kind === 'other' || kind === 'deduction';

const rupees = (paise: number | null): number | undefined => (paise ? paise / 100 : undefined);

/**
 * The lines an order added from the picker starts with: freight at what the platform expects
 * (left empty when it knows no rate) and, when the vehicle waited past the free hours, detention.
 */
export function linesFromBillable(order: BillableOrder): DraftLine[] {
  const base = { orderId: order.id, orderNumber: order.number, vehicleNumber: order.vehicleNumber, reason: '' };
  const lines: DraftLine[] = [{ ...base, kind: 'freight', amountRupees: rupees(order.freightPaise), expectedPaise: order.freightPaise }];
  if (order.detentionPaise > 0) {
    lines.push({ ...base, kind: 'detention', amountRupees: rupees(order.detentionPaise), expectedPaise: order.detentionPaise });
  }
  return lines;
}

/** The kinds still addable to an order: freight and detention once each, the others any number of times. */
export function kindsToAdd(lines: readonly Pick<DraftLine, 'orderId' | 'kind'>[], orderId: number): InvoiceLineKind[] {
  const taken = new Set(lines.filter((l) => l.orderId === orderId).map((l) => l.kind));
  return INVOICE_LINE_KINDS.filter((k) => !(ONCE_PER_ORDER.includes(k) && taken.has(k)));
}

/** Where a new line of an order goes: after the order's last line, so each order's lines stay together. */
export function insertIndex(lines: readonly Pick<DraftLine, 'orderId'>[], orderId: number): number {
  const last = lines.map((l) => l.orderId).lastIndexOf(orderId);
  return last === -1 ? lines.length : last + 1;
}

/** The orders on the draft in the order they were added, each with the indexes of its lines. */
export function orderGroups(
  lines: readonly DraftLine[],
): { orderId: number; orderNumber: string; vehicleNumber: string | null; indexes: number[] }[] {
  const groups = new Map<number, { orderId: number; orderNumber: string; vehicleNumber: string | null; indexes: number[] }>();
  lines.forEach((l, i) => {
    const group = groups.get(l.orderId) ?? { orderId: l.orderId, orderNumber: l.orderNumber, vehicleNumber: l.vehicleNumber, indexes: [] };
    group.indexes.push(i);
    groups.set(l.orderId, group);
  });
  return [...groups.values()];
}

/** Rupees typed to paise; an empty or invalid amount counts as nothing. */
export const toPaise = (amount: number | undefined): number =>
  amount === undefined || !Number.isFinite(amount) || amount < 0 ? 0 : Math.round(amount * 100);

/**
 * The totals shown while typing: charges, deductions and the taxable value (charges − deductions).
 * GST is the server's to compute (its dated rate table), so it is not guessed here.
 */
export function draftTotals(lines: readonly Pick<DraftLine, 'orderId' | 'kind' | 'amountRupees'>[]) {
  let chargesPaise = 0;
  let deductionsPaise = 0;
  for (const l of lines) {
    if (l.kind === 'deduction') {
      deductionsPaise += toPaise(l.amountRupees);
    } else {
      chargesPaise += toPaise(l.amountRupees);
    }
  }
  return { chargesPaise, deductionsPaise, taxablePaise: chargesPaise - deductionsPaise, orders: new Set(lines.map((l) => l.orderId)).size };
}

/** The lines as the API takes them, in the draft's order (so `lines.N…` errors point back at the same line). */
export function linesBody(lines: readonly DraftLine[]): InvoiceInput['lines'] {
  return lines.map((l) => ({
    orderId: l.orderId,
    kind: l.kind,
    amountRupees: l.amountRupees as number,
    reason: l.reason.trim() || undefined,
  }));
}

/** The body the server works out, once every line has its amount and the charges exceed the deductions. */
export function previewBody(draft: Pick<InvoiceDraft, 'invoiceDate' | 'gstScheme' | 'lines'>): InvoicePreviewInput | null {
  const lines = draft.lines ?? [];
  const complete = lines.length > 0 && lines.every((l) => Number.isFinite(l.amountRupees));
  if (!complete || !draft.invoiceDate || draftTotals(lines).taxablePaise <= 0) {
    return null;
  }
  return { invoiceDate: draft.invoiceDate, gstScheme: draft.gstScheme, lines: linesBody(lines) };
}
