import { financialYear } from '@freightdesk/shared/money';
import type { ConsignmentNoteSource, ConsignmentNoteView } from '@freightdesk/shared/schemas/consignment-note';
import { indiaDayKey } from '@freightdesk/shared/date-time';
import type { OrderStatus } from '@freightdesk/shared/status/order';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { ordersFor, type Viewer } from '../../lib/policy.ts';
import { consignmentFacts, consignmentNoteOf, insertConsignmentNote } from '../../repositories/consignment-notes.repository.ts';
import { nextNoteNumber } from '../../repositories/credit-notes.repository.ts';
import { type LockedOrder, lockOrder } from '../orders/orders.service.ts';

/**
 * Consignment notes (LR, issue 33): the carrier's receipt for the goods, one per order, made at the
 * plant's gate out (outbound) or by the carrier once a vehicle is on the order (an inbound pickup
 * at the vendor, a trip without a gate). Numbered in the carrier's series, never changed once made.
 */

/** The statuses in which the carrier may make its note: a vehicle is on the order and the trip is not over. */
const CARRIER_MAY_MAKE: readonly OrderStatus[] = ['vehicle_assigned', 'reported', 'gate_in', 'loaded', 'unloaded', 'gate_out', 'arrived'];

/** Makes the order's note in its transaction (the order row locked by the caller); an order that has one keeps it. */
export async function makeConsignmentNote(
  tx: DbOrTx,
  order: Pick<LockedOrder, 'id' | 'industryId' | 'number'>,
  by: number,
  source: ConsignmentNoteSource,
  packages: number | null,
): Promise<ConsignmentNoteView> {
  const existing = await consignmentNoteOf(tx, order.id);
  if (existing) {
    return existing;
  }
  const now = new Date();
  const fy = financialYear(now).label;
  const { carrierId, details } = await consignmentFacts(tx, order.id, packages);
  const note = { number: await nextNoteNumber(tx, carrierId, 'lr', fy), financialYear: fy, noteDate: indiaDayKey(now), source, details };
  const id = await insertConsignmentNote(tx, {
    ...note,
    orderId: order.id,
    industryId: order.industryId,
    carrierId,
    createdBy: by,
    createdAt: now,
  });
  return { ...note, id, orderNumber: order.number, issuedAt: now.toISOString() };
}

/**
 * The carrier makes the note of one of its orders (404 for another's): 409 when the order has one
 * already or has no vehicle on the road to carry the goods.
 */
export async function carrierMakesNote(db: Db, carrier: Viewer, orderId: number, packages: number | null): Promise<ConsignmentNoteView> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, ordersFor(carrier, 'change'));
    const existing = await consignmentNoteOf(tx, order.id);
    if (existing) {
      throw new AppError(409, 'ALREADY_MADE', `The order has its consignment note already: ${existing.number}.`);
    }
    if (!CARRIER_MAY_MAKE.includes(order.status)) {
      throw new AppError(409, 'ILLEGAL_STATE', 'A consignment note is made once a vehicle is on the order, until it is delivered.');
    }
    return makeConsignmentNote(tx, order, carrier.id, 'carrier', packages);
  });
}
