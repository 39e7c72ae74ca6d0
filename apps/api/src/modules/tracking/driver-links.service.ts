import { randomBytes } from 'node:crypto';
import type { DriverLinkCreated, DriverLinkState } from '@freightdesk/shared/schemas/driver-trip';
import { ORDER_STATUS_LABEL, type OrderStatus } from '@freightdesk/shared/status/order';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/policy.ts';
import { hashToken } from '../../lib/tokens.ts';
import {
  type DriverLinkRow,
  insertDriverLink,
  insertLinkPhone,
  latestDriverLink,
  revokeDriverLinksOf,
  switchLinkPhonesOff,
} from '../../repositories/driver-links.repository.ts';
import { tripOrder } from '../../repositories/driver-links.repository.ts';
import { addOrderEvent } from '../../repositories/order-events.repository.ts';
import { carrierOrder } from '../../repositories/orders.repository.ts';
import { orderScope } from '../../repositories/tracking-trips.repository.ts';
import { issuedKey } from './device-credentials.ts';
import { announceRoutes, FINISHED_STATUSES, orderTrackingOf, setOrderTracking } from './order-tracking.service.ts';

/**
 * The carrier's side of the driver's trip link (issue 35, record 0300): make one for its own order
 * (a new one revokes the last), read whether it is in use, revoke it.
 */

/** 192 random bits, base64url (32 characters), as the public tracking links. */
const TOKEN_BYTES = 24;

const carrierOf = (user: Viewer): number => {
  if (!user.carrierId) {
    throw forbidden();
  }
  return user.carrierId;
};

const isActive = (l: DriverLinkRow, now = new Date()) => !l.revokedAt && !(l.expiresAt && l.expiresAt <= now);

/** The order as a link needs it: the carrier's own (404 otherwise), not over, with a vehicle (409). */
async function linkableOrder(db: Db, user: Viewer, orderId: number) {
  const order = await carrierOrder(db, user, orderId);
  const status = order.status as OrderStatus;
  if (FINISHED_STATUSES.includes(status)) {
    throw new AppError(409, 'TRIP_OVER', `This order is ${ORDER_STATUS_LABEL[status].toLowerCase()}: a driver link would not work.`);
  }
  if (!order.vehicleNumber) {
    throw new AppError(409, 'NO_VEHICLE', 'Assign the vehicle and driver first: the link is for the driver of this trip.');
  }
  const facts = await tripOrder(db, order.id);
  if (!facts) {
    throw notFound('Order');
  }
  return { ...order, industryId: Number(facts.industry_id) };
}

/** Revokes the order's open links and switches their phones off (the ingest forgets them). */
async function revokeOpen(tx: DbOrTx, orderId: number, userId: number): Promise<number[]> {
  const revoked = await revokeDriverLinksOf(tx, orderId, userId);
  const phones = revoked.map((r) => r.deviceId).filter((id): id is number => id !== null);
  const off = await switchLinkPhonesOff(tx, phones);
  await announceRoutes(
    tx,
    off.map((d) => d.identifier),
  );
  return phones;
}

/**
 * The link's phone becomes the order's tracking device when the order has none, or had the last
 * link's phone: a GPS unit, the SIM, FASTag or rail chosen for the order stay as they are (the
 * phone's positions are then its own, kept without the order; record 0300).
 */
async function bindPhone(db: Db, user: Viewer, orderId: number, deviceId: number, previous: number[]) {
  const tracking = await orderTrackingOf(db, orderId);
  const wasLinkPhone = tracking?.method === 'device' && tracking.device !== null && previous.includes(tracking.device.id);
  if (tracking && !wasLinkPhone) {
    return;
  }
  await setOrderTracking(
    db,
    { id: user.id, carrierId: carrierOf(user) },
    orderId,
    { method: 'device', deviceId },
    orderScope({ viewer: user, action: 'change' }),
  );
}

/** Makes the order's driver link: the token is in this answer only (its SHA-256 is stored). */
export async function createDriverLink(
  db: Db,
  user: Viewer,
  orderId: number,
  driverPhone: string | undefined,
  baseUrl: string,
): Promise<DriverLinkCreated> {
  const carrierId = carrierOf(user);
  const order = await linkableOrder(db, user, orderId);
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const made = await db.transaction(async (tx) => {
    const previous = await revokeOpen(tx, order.id, user.id);
    const deviceId = await insertLinkPhone(tx, {
      // Stored as an issued identifier is (`sha256:` and its hash): the token is the phone's identifier.
      identifier: issuedKey(token),
      hint: token.slice(-4),
      name: `Driver's phone, ${order.number} (trip link)`,
      carrierId,
      createdBy: user.id,
    });
    const row = await insertDriverLink(tx, {
      orderId: order.id,
      industryId: order.industryId,
      carrierId,
      tokenHash: hashToken(token),
      deviceId,
      driverPhone: driverPhone ?? null,
      createdBy: user.id,
    });
    if (!row || !deviceId) {
      throw notFound('Order');
    }
    const to = driverPhone ? ` to ${driverPhone}` : '';
    await addOrderEvent(tx, {
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      by: user.id,
      reason: `Trip link sent to the driver${to}`,
    });
    return { row, deviceId, previous };
  });
  await bindPhone(db, user, order.id, made.deviceId, made.previous);
  return {
    id: made.row.id,
    url: `${baseUrl}/#/trip/${token}`,
    token,
    expiresAt: made.row.expiresAt?.toISOString() ?? null,
    createdAt: made.row.createdAt.toISOString(),
  };
}

/** The order's newest link (revoked or ended ones too, `active: false`), or null when none was made. */
export async function driverLinkOf(db: Db, user: Viewer, orderId: number): Promise<DriverLinkState | null> {
  const order = await carrierOrder(db, user, orderId);
  const link = await latestDriverLink(db, order.id);
  if (!link) {
    return null;
  }
  return {
    id: link.id,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt?.toISOString() ?? null,
    lastSeenAt: link.lastSeenAt?.toISOString() ?? null,
    active: isActive(link),
  };
}

/** Revokes the order's driver link; `revoked: false` when none was open. */
export async function revokeDriverLink(db: Db, user: Viewer, orderId: number): Promise<{ revoked: boolean }> {
  const order = await carrierOrder(db, user, orderId);
  const phones = await db.transaction(async (tx) => {
    const revoked = await revokeOpen(tx, order.id, user.id);
    if (revoked.length) {
      await addOrderEvent(tx, {
        orderId: order.id,
        fromStatus: order.status,
        toStatus: order.status,
        by: user.id,
        reason: 'Trip link withdrawn',
      });
    }
    return revoked;
  });
  return { revoked: phones.length > 0 };
}
