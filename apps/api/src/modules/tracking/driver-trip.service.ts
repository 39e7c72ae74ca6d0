import { type DriverTrip, TRIP_MOVES, type TripMove } from '@freightdesk/shared/schemas/driver-trip';
import { ORDER_STATUS_LABEL, type OrderStatus } from '@freightdesk/shared/status/order';
import { orderActions } from '@freightdesk/shared/status/order-actions';
import type { Db } from '../../db/client.ts';
import { type AuthUser, viewerById } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import {
  type DriverLinkRow,
  driverLinkByTokenHash,
  markDriverLinkSeen,
  type TripStopRaw,
  tripOrder,
  tripStops,
} from '../../repositories/driver-links.repository.ts';
import { tripDocuments } from './driver-trip-documents.ts';
import { FINISHED_STATUSES } from './order-tracking.service.ts';

/**
 * The driver's side of the trip link (issue 35, record 0300): the link of a token, what the
 * driver's page shows of its one order, and the carrier user the link acts for.
 */

export const LINK_ENDED = 'This trip link has ended or is not valid. Ask your transporter for a new one.';
const linkNotFound = () => new AppError(404, 'LINK_NOT_FOUND', LINK_ENDED);

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The open link of a token: an unknown, revoked or expired one, or one whose order is over, is 404 alike. */
export async function openLink(db: Db, token: string, now = new Date()): Promise<DriverLinkRow> {
  const link = await driverLinkByTokenHash(db, hashToken(token));
  if (!link || link.revokedAt || (link.expiresAt && link.expiresAt <= now)) {
    throw linkNotFound();
  }
  const order = await tripOrder(db, link.orderId);
  if (!order || FINISHED_STATUSES.includes(order.status as OrderStatus)) {
    throw linkNotFound();
  }
  return link;
}

/** The carrier user who made the link, as they are now: the driver's moves are theirs (404 once they are gone). */
export async function linkActor(db: Db, link: DriverLinkRow): Promise<AuthUser> {
  const user = await viewerById(db, link.createdBy);
  if (!user || user.carrierId !== link.carrierId) {
    throw linkNotFound();
  }
  return user;
}

const placeOf = (s: TripStopRaw | undefined) => ({
  name: s?.name ?? null,
  address: s?.address ?? null,
  city: s?.city ?? null,
  contactName: s?.contact_name ?? null,
  contactPhone: s?.contact_phone ?? null,
});

/** The moves the order's state allows the carrier now, among those the driver's page offers. */
export function nextMovesOf(order: { status: string; request_type: number; source: string }): TripMove[] {
  const all: string[] = orderActions(
    { status: order.status as OrderStatus, requestType: Number(order.request_type), source: order.source },
    { side: 'carrier' },
  );
  return TRIP_MOVES.filter((m) => all.includes(m));
}

/** What the driver's page shows: the link's order only; no price, no ids. */
export async function tripAnswer(db: Db, link: DriverLinkRow, token: string): Promise<DriverTrip> {
  const order = await tripOrder(db, link.orderId);
  if (!order) {
    throw linkNotFound();
  }
  const stops = await tripStops(db, order.id);
  const status = order.status as OrderStatus;
  return {
    orderNumber: order.number,
    status,
    statusLabel: ORDER_STATUS_LABEL[status] ?? order.status,
    vehicleNumber: order.vehicle_number,
    driverName: order.driver_name,
    pickup: placeOf(stops.find((s) => s.kind === 'pickup')),
    drops: stops
      .filter((s) => s.kind === 'drop')
      .map((s) => ({
        ...placeOf(s),
        latitude: s.latitude === null ? null : Number(s.latitude),
        longitude: s.longitude === null ? null : Number(s.longitude),
      })),
    carrier: { name: order.carrier_name, phone: order.carrier_phone },
    shipper: { name: order.shipper_name },
    pickupAt: iso(order.pickup_at),
    nextMoves: nextMovesOf(order),
    documents: await tripDocuments(db, { id: order.id, industryId: Number(order.industry_id) }, token),
    locationSharing: { lastAt: link.lastPositionAt?.toISOString() ?? null },
  };
}

/** `GET /api/trip/{token}`: the trip, and the link marked seen. */
export async function readTrip(db: Db, token: string): Promise<DriverTrip> {
  const link = await openLink(db, token);
  await markDriverLinkSeen(db, link.id, new Date(), false);
  return tripAnswer(db, link, token);
}
