import type { Order } from '@freightdesk/shared/schemas/order';
import { orderDirection } from '@freightdesk/shared/status/order';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Viewer } from '../../lib/policy.ts';
import { tellOrderParties } from './order-notices.ts';
import { momentOf } from './move-times.ts';
import { illegalMove, moveOrder } from './orders.service.ts';
import { lastDropLabel, type LockedOrder, lockOrderToChange } from '../../repositories/order-moves.repository.ts';
import { carrierOrder } from '../../repositories/orders.repository.ts';

/** The order as a notice needs it. */
export const noticeOrder = (row: LockedOrder) => ({
  id: row.id,
  industryId: row.industryId,
  requestType: row.requestType,
  carrierLinkId: row.carrierLinkId,
});

/** The vehicle in words: "MH12AB1234" or "The vehicle" when none is named yet. */
const vehicleOf = (row: LockedOrder) => row.vehicleNumber ?? 'The vehicle';

/**
 * One carrier move on the carrier's own order (another carrier's is not found), in one transaction
 * with the order locked: the move through the status machine (409 when it does not allow it) and
 * the notices to both sides.
 */
async function carrierMove(db: Db, user: Viewer, orderId: number, move: (tx: DbOrTx, row: LockedOrder) => Promise<void>): Promise<Order> {
  await db.transaction(async (tx) => move(tx, await lockOrderToChange(tx, user, orderId)));
  return carrierOrder(db, user, orderId);
}

/**
 * How a move was made when not on the carrier's own screen: `by`, who did it for the carrier (the
 * driver through the trip link, record 0300), named on the timeline; `at`, when it happened.
 */
export type MoveWay = { by?: string; at?: Date };

/**
 * A road move's way from its body: `at`, when it happened (a move kept on a phone without network
 * and sent later; never ahead of the clock beyond a phone's skew: 400 naming `at`), and `by`.
 */
export function moveWayOf(at: string | undefined, by?: string): MoveWay {
  return { by, at: at === undefined ? undefined : momentOf(new Date(at), 'at', 'The time of the move') };
}

/** The timeline's reason: the remarks (or what happened), and who made the move for the carrier. */
const reasonOf = (said: string, way: MoveWay) => (way.by ? `${said} (${way.by})` : said);

/** "Reported at the plant": the vehicle waits at the loading plant (outbound) or the receiving plant (inbound). */
export function reportAtPlant(db: Db, user: Viewer, orderId: number, remarks?: string, way: MoveWay = {}): Promise<Order> {
  return carrierMove(db, user, orderId, async (tx, row) => {
    // Reported → reported is the road's vehicle change, not a second report (409, as a second tap).
    if (row.status === 'reported') {
      throw illegalMove(row.status, 'reported', orderDirection(row.requestType));
    }
    await moveOrder(tx, row.id, row.status, 'reported', user.id, {
      reason: reasonOf(remarks ?? `reported at ${row.plantName}`, way),
      at: way.at,
    });
    await tellOrderParties(
      tx,
      noticeOrder(row),
      { title: 'Vehicle reported', msg: `${vehicleOf(row)} reported at ${row.plantName} for ${row.number}.` },
      user.id,
    );
  });
}

/** Arrived at the destination (outbound; an inbound trip ends at the receiving plant's gate). */
export function arriveAtDestination(db: Db, user: Viewer, orderId: number, remarks?: string, way: MoveWay = {}): Promise<Order> {
  return carrierMove(db, user, orderId, async (tx, row) => {
    const where = (await lastDropLabel(tx, row.id)) ?? 'the destination';
    await moveOrder(tx, row.id, row.status, 'arrived', user.id, { reason: reasonOf(remarks ?? `arrived at ${where}`, way), at: way.at });
    await tellOrderParties(tx, noticeOrder(row), { title: 'Arrived', msg: `${row.number} arrived at ${where}.` }, user.id);
  });
}

/**
 * Another vehicle or driver while the order is vehicle assigned or reported, with a reason: the
 * old and new vehicle go on the timeline; the shipper's users are told. A licence given with it
 * replaces the order's; without one the same driver (same mobile) keeps it, another has none.
 */
export function changeVehicle(
  db: Db,
  user: Viewer,
  orderId: number,
  body: {
    vehicleNumber: string;
    driverName: string;
    driverMobile: string;
    driverLicenceNumber?: string;
    driverDob?: string;
    reason: string;
  },
): Promise<Order> {
  return carrierMove(db, user, orderId, async (tx, row) => {
    const change = `${row.vehicleNumber ?? 'none'} (${row.driverName ?? 'no driver'}) → ${body.vehicleNumber} (${body.driverName})`;
    await moveOrder(tx, row.id, row.status, row.status, user.id, {
      vehicleNumber: body.vehicleNumber,
      driverName: body.driverName,
      driverMobile: body.driverMobile,
      ...(body.driverLicenceNumber && body.driverDob
        ? { driverLicenceNumber: body.driverLicenceNumber, driverDob: body.driverDob }
        : // The same driver (by mobile) keeps the licence the order was given; another one has none until given.
          { keepLicence: row.driverMobile === body.driverMobile }),
      reason: `Vehicle changed: ${change}: ${body.reason}`,
    });
    await tellOrderParties(
      tx,
      noticeOrder(row),
      { title: 'Vehicle changed', msg: `${row.number}: vehicle ${change}. ${body.reason}` },
      user.id,
      { shipper: true },
    );
  });
}
