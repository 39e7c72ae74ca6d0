import type { DbOrTx } from '../../db/client.ts';
import { carrierUsersOfLinks, notify } from '../../lib/notify.ts';
import { audience } from '../../lib/policy.ts';

/** The order a notice is about: whom it concerns on each side. */
export type NoticeOrder = { id: number; industryId: number; requestType: number; carrierLinkId: number };

/**
 * Tells both sides of an order about a move (stored, live and pushed, with the spec's payload:
 * type 'order', referId, requestType): the shipper's users the policy lets read the order
 * (`audience`: tenant, direction, plants) and the carrier's users (an active link). The user who
 * made the move is not told about it.
 */
export async function tellOrderParties(
  tx: DbOrTx,
  order: NoticeOrder,
  notice: { title: string; msg: string },
  actorId: number | null,
  sides: { shipper?: boolean; carrier?: boolean } = { shipper: true, carrier: true },
): Promise<void> {
  const users = [
    ...(sides.shipper ? await audience(tx, order.industryId, 'order', order.id) : []),
    ...(sides.carrier ? await carrierUsersOfLinks(tx, [order.carrierLinkId]) : []),
  ].filter((id) => id !== actorId);
  await notify(tx, users, { ...notice, type: 'order', referId: order.id, requestType: order.requestType });
}
