import type { WebhookEventType } from '@freightdesk/shared/schemas/webhook-events';
import type { DbOrTx } from '../db/client.ts';
import {
  indentSubjectQuery,
  invoiceSubjectQuery,
  orderDocumentNumbersQuery,
  orderSubjectQuery,
} from '../repositories/webhook-subjects.repository.ts';
import { recordEvent } from './webhooks.ts';

/**
 * The webhook events of orders, indents and invoices, as their services record them: one call in
 * the transaction of the change, which reads what the event says about the object (issue 34).
 */

const rupees = (paise: number | null | undefined) => (paise === null || paise === undefined ? null : paise / 100);
const direction = (requestType: number): 1 | 2 => (requestType === 2 ? 2 : 1);

/**
 * The order moves whose event moveOrder records, whoever makes them (a vehicle change in place is
 * not one). Gate out is recorded by the gate once the consignment note is made, so that its event
 * carries the LR's number; award and POD approval by their services.
 */
export const ORDER_MOVE_EVENTS = {
  vehicle_assigned: 'order.vehicle_assigned',
  gate_in: 'order.gate_in',
  arrived: 'order.arrived',
  delivered: 'order.delivered',
} as const satisfies Record<string, WebhookEventType>;

type OrderEvent = 'order.awarded' | 'order.gate_out' | 'order.pod_approved' | (typeof ORDER_MOVE_EVENTS)[keyof typeof ORDER_MOVE_EVENTS];

/** What each order event adds to the order's number and direction. */
async function orderExtra(tx: DbOrTx, type: OrderEvent, order: NonNullable<Awaited<ReturnType<typeof orderSubjectQuery>>[0]>, at: Date) {
  switch (type) {
    case 'order.awarded':
      return { requestId: order.requestId, carrierId: order.carrierId, freight: rupees(order.pricePaise) };
    case 'order.vehicle_assigned':
      return { vehicleNumber: order.vehicleNumber ?? '', driverName: order.driverName, driverPhone: order.driverMobile };
    case 'order.gate_out': {
      const [docs] = await orderDocumentNumbersQuery(tx, order.id);
      return { at: at.toISOString(), ewayBillNumbers: docs?.ewayBills ?? [], consignmentNoteNumbers: docs?.notes ?? [] };
    }
    default:
      return { at: at.toISOString() };
  }
}

/** Records an order's event in the caller's transaction. */
export async function recordOrderEvent(tx: DbOrTx, type: OrderEvent, orderId: number, at = new Date()): Promise<void> {
  const [order] = await orderSubjectQuery(tx, orderId);
  if (!order) {
    return;
  }
  const base = { orderId: order.id, orderNumber: order.number, direction: direction(order.requestType) };
  await recordEvent(tx, {
    type,
    data: { ...base, ...(await orderExtra(tx, type, order, at)) } as never,
    industryId: order.industryId,
    subject: { kind: 'order', id: order.id },
    orderId: order.id,
  });
}

/** eway_bill.expiring: an e-way bill of the order expires soon. */
export async function recordEwayBillExpiring(tx: DbOrTx, orderId: number, ewayBillNumber: string, validUntil: Date): Promise<void> {
  const [order] = await orderSubjectQuery(tx, orderId);
  if (!order) {
    return;
  }
  await recordEvent(tx, {
    type: 'eway_bill.expiring',
    data: {
      orderId,
      orderNumber: order.number,
      direction: direction(order.requestType),
      ewayBillNumber,
      validUntil: validUntil.toISOString(),
    },
    industryId: order.industryId,
    subject: { kind: 'order', id: orderId },
    orderId,
  });
}

/** indent.accepted / indent.declined: a carrier's answer to its turn (an allocation) on an indent. */
export async function recordIndentEvent(
  tx: DbOrTx,
  type: 'indent.accepted' | 'indent.declined',
  allocationId: number,
  answer: { vehicles: number; reason: string | null },
): Promise<void> {
  const [indent] = await indentSubjectQuery(tx, allocationId);
  if (!indent) {
    return;
  }
  await recordEvent(tx, {
    type,
    data: { indentId: indent.id, indentNumber: indent.number, carrierId: indent.carrierId, ...answer },
    industryId: indent.industryId,
    subject: { kind: 'indent', id: indent.id },
  });
}

type InvoiceEvent = 'invoice.submitted' | 'invoice.approved' | 'invoice.credit_note' | 'payment.recorded';
type InvoiceExtra = {
  'invoice.submitted': Record<string, never>;
  'invoice.approved': Record<string, never>;
  'invoice.credit_note': { creditNoteNumber: string; creditAmount: number };
  'payment.recorded': { paidAmount: number; paidOn: string; reference: string | null };
};

/** An invoice's event; the amount is what it bills now (approved, once it is). */
export async function recordInvoiceEvent<T extends InvoiceEvent>(tx: DbOrTx, type: T, invoiceId: number, extra: InvoiceExtra[T]) {
  const [invoice] = await invoiceSubjectQuery(tx, invoiceId);
  if (!invoice) {
    return;
  }
  const amount = rupees(invoice.approvedPaise ?? invoice.totalPaise) ?? 0;
  await recordEvent(tx, {
    type,
    data: { invoiceId, invoiceNumber: invoice.number, carrierId: invoice.carrierId, amount, ...extra } as never,
    industryId: invoice.industryId,
    subject: { kind: 'invoice', id: invoiceId },
  });
}
