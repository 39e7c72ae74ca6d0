import type { AuditResult, InvoiceLineKind } from '@freightdesk/shared/schemas/invoice';
import { formatRupees } from '@freightdesk/shared/money';

/** What the platform knows of an order that an invoice line is checked against. */
export type OrderFacts = {
  id: number;
  number: string;
  industryId: number;
  industryCarrierId: number;
  carrierId: number;
  plantId: number;
  requestType: number;
  status: string;
  pricePaise: number;
  priceBasis: string;
  weightTonnes: number | null;
  vehicleNumber: string | null;
  vehicleMismatch: boolean;
  reportedAt: Date | null;
  gateInAt: Date | null;
  gateOutAt: Date | null;
  arrivedAt: Date | null;
  deliveredAt: Date | null;
  /** The latest proof of delivery, if any. */
  podStatus: 'submitted' | 'accepted' | 'rejected' | null;
  podDeliveredAt: Date | null;
  shortageQty: number;
  damageQty: number;
};

/** The shipper's payment setting for the carrier and plant (or the defaults). */
export type Terms = { advancePercent: number; balanceOnPod: boolean; creditDays: number; freeHours: number; perDayPaise: number };

export type Finding = { expectedPaise: number | null; audit: AuditResult; notes: string[] };
export type Line = { orderId: number; kind: InvoiceLineKind; amountPaise: number };

const HOUR = 3_600_000;
const rupees = (paise: number) => `₹${formatRupees(paise)}`;
const hoursBetween = (from: Date | null, to: Date | null) => (from && to && to > from ? (to.getTime() - from.getTime()) / HOUR : 0);

/** The order's freight at its rate (spot award or contract): per trip, or per tonne times its weight. */
export function freightOf(order: OrderFacts): number | null {
  if (order.priceBasis === 'tonne') {
    return order.weightTonnes ? Math.round(order.pricePaise * order.weightTonnes) : null;
  }
  return order.pricePaise;
}

/**
 * Detention the gate and arrival times allow: at the plant from reporting (or gate in) to gate
 * out, and for an outbound load at the destination from arrival to delivery; at each end the hours
 * beyond the free time, counted in whole hours, at the day's rate pro rata.
 */
export function detentionOf(order: OrderFacts, terms: Terms): { hours: number; paise: number } {
  const atPlant = hoursBetween(order.reportedAt ?? order.gateInAt, order.gateOutAt);
  const atDestination = order.requestType === 1 ? hoursBetween(order.arrivedAt, order.podDeliveredAt ?? order.deliveredAt) : 0;
  const hours = [atPlant, atDestination].reduce((sum, h) => sum + Math.max(0, Math.floor(h - terms.freeHours)), 0);
  return { hours, paise: Math.round((hours * terms.perDayPaise) / 24) };
}

function podNote(order: OrderFacts): string | null {
  const parts = [order.shortageQty ? `${order.shortageQty} short` : '', order.damageQty ? `${order.damageQty} damaged` : ''].filter(
    Boolean,
  );
  return parts.length ? `The POD records ${parts.join(' and ')}` : null;
}

/**
 * The freight audit of one line against the order's records: the rate, the vehicle through the
 * gate, the POD (and a shortage or damage no deduction covers), and the detention the times allow.
 * `lines` are all the invoice's lines (a deduction elsewhere on it covers the POD's shortage).
 */
export function auditLine(line: Line, order: OrderFacts, terms: Terms, lines: Line[]): Finding {
  switch (line.kind) {
    case 'freight': {
      const expected = freightOf(order);
      const notes: string[] = [];
      if (expected === null) {
        notes.push('The order is priced per tonne but has no weight: check the weighbridge slip');
      } else if (expected !== line.amountPaise) {
        notes.push(`The order's rate gives ${rupees(expected)}; billed ${rupees(line.amountPaise)}`);
      }
      if (order.vehicleMismatch) {
        notes.push('Another vehicle than the one assigned went through the gate');
      }
      if (!order.podStatus || order.podStatus === 'rejected') {
        notes.push(order.podStatus ? 'The POD was sent back' : 'No POD on the order');
      }
      const pod = podNote(order);
      if (pod && !lines.some((l) => l.orderId === order.id && l.kind === 'deduction')) {
        notes.push(`${pod}; no deduction billed`);
      }
      return { expectedPaise: expected, audit: expected === null ? 'unchecked' : notes.length ? 'differs' : 'match', notes };
    }
    case 'detention': {
      const allowed = detentionOf(order, terms);
      const within = line.amountPaise <= allowed.paise;
      const basis = `${allowed.hours} h beyond the free ${terms.freeHours} h at ${rupees(terms.perDayPaise)} a day`;
      return {
        expectedPaise: allowed.paise,
        audit: within ? 'match' : 'differs',
        notes: within ? [] : [`The gate and arrival times allow ${rupees(allowed.paise)} (${basis})`],
      };
    }
    case 'deduction': {
      const pod = podNote(order);
      return { expectedPaise: null, audit: 'unchecked', notes: pod ? [pod] : [] };
    }
    default:
      return { expectedPaise: null, audit: 'unchecked', notes: ['Nothing on the platform to check this against: see the receipt'] };
  }
}

/** The taxable value of lines: charges less deductions. */
export const taxableOf = (lines: { kind: InvoiceLineKind; amountPaise: number }[]) =>
  lines.reduce((sum, l) => sum + (l.kind === 'deduction' ? -l.amountPaise : l.amountPaise), 0);
