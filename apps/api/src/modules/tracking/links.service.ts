import { randomBytes } from 'node:crypto';
import type { PublicTrack, TrackingLink } from '@freightdesk/shared/schemas/tracking-links';
import { publicConsignmentNote } from '@freightdesk/shared/schemas/consignment-note';
import { consignmentNoteOf } from '../../repositories/consignment-notes.repository.ts';
import { ORDER_STATUS_LABEL, type OrderStatus } from '@freightdesk/shared/status/order';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { geofenceEntries } from '../../repositories/tracking-events.repository.ts';
import {
  insertLink,
  type LinkedOrder,
  linkByTokenHash,
  linkedOrder,
  linksOfOrder,
  revokeLinkOf,
  type TrackingLinkRow,
} from '../../repositories/tracking-links.repository.ts';
import { tollCrossings } from '../../repositories/tracking-positions.repository.ts';
import { loadTrips, type OrderReach } from '../../repositories/tracking-trips.repository.ts';
import { trackingSettingsFor } from '../settings/tracking-settings.service.ts';
import { expiryFrom } from './link-expiry.ts';
import { FINISHED_STATUSES } from './order-tracking.service.ts';
import { lastPositionOf, trailOf, tripInScope } from './track.service.ts';
import { etaNow } from './trip-eta.ts';

/** 192 random bits, base64url (32 characters): far past guessing. */
const TOKEN_BYTES = 24;

/**
 * The expiry a link made now gets: for an order already over (delivered, closed, rejected,
 * cancelled), its delivery (else its last change) plus the shipper's grace as it is now; an open
 * order's links get theirs when it ends (link-expiry.ts).
 */
async function expiryAtCreation(db: Db, order: LinkedOrder): Promise<Date | null> {
  if (!FINISHED_STATUSES.includes(order.status as OrderStatus)) {
    return null;
  }
  const { publicLinkGraceHours } = await trackingSettingsFor(db, order.industryId);
  return expiryFrom(order.deliveredAt ?? order.updatedAt, publicLinkGraceHours);
}

/** Has the link's fixed expiry passed? */
const expired = (l: TrackingLinkRow, now = new Date()) => Boolean(l.expiresAt && l.expiresAt <= now);

const toLink = (l: TrackingLinkRow): TrackingLink => ({
  id: l.id,
  kind: l.kind,
  createdAt: l.createdAt.toISOString(),
  revokedAt: l.revokedAt?.toISOString() ?? null,
  expiresAt: l.expiresAt?.toISOString() ?? null,
  active: !l.revokedAt && !expired(l),
});

/** The order's links (newest first); the policy scope decides who may see them. */
export async function listLinks(db: Db, orderId: number, reach: OrderReach): Promise<TrackingLink[]> {
  const trip = await tripInScope(db, orderId, reach);
  const rows = await linksOfOrder(db, trip.id);
  return rows.map((l) => toLink(l));
}

/** Creates a link; the token is in this answer only (its SHA-256 is stored). */
export async function createLink(
  db: Db,
  orderId: number,
  reach: OrderReach,
  userId: number,
  kind: 'live' | 'fast',
  baseUrl: string,
): Promise<TrackingLink> {
  const trip = await tripInScope(db, orderId, reach);
  const order = await linkedOrder(db, trip.id);
  const expiresAt = order ? await expiryAtCreation(db, order) : null;
  if (!order || (expiresAt && expiresAt <= new Date())) {
    throw new AppError(409, 'TRIP_OVER', 'This shipment was delivered and its tracking period has ended: a new link would not work.');
  }
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const row = await insertLink(db, {
    orderId: trip.id,
    industryId: trip.industryId,
    kind,
    tokenHash: hashToken(token),
    createdBy: userId,
    expiresAt,
  });
  if (!row) {
    throw notFound('Order');
  }
  const path = `#/${kind}/${token}`;
  const url = `${baseUrl}/${path}`;
  return {
    ...toLink(row),
    token,
    path,
    shareText: `Track shipment ${trip.number}${trip.vehicleNumber ? ` (${trip.vehicleNumber})` : ''} live: ${url}`,
  };
}

/** Revokes a link: it shows nothing from now on. */
export async function revokeLink(db: Db, orderId: number, linkId: number, reach: OrderReach, userId: number): Promise<TrackingLink> {
  const trip = await tripInScope(db, orderId, reach);
  const row = await revokeLinkOf(db, trip.id, linkId, userId);
  if (!row) {
    throw notFound('Link');
  }
  return toLink(row);
}

/** The last position as the public page shows it (without its source). */
const publicPosition = (last: NonNullable<ReturnType<typeof lastPositionOf>>): NonNullable<PublicTrack['lastPosition']> => ({
  latitude: last.latitude,
  longitude: last.longitude,
  fixTime: last.fixTime,
  ageMinutes: last.ageMinutes,
  speedKmh: last.speedKmh,
  bearing: last.bearing,
  place: last.place,
});

/** The consignment note's public part (goods, packages, weight, who sends and receives), when one was made. */
async function publicNoteOf(db: Db, orderId: number): Promise<PublicTrack['consignmentNote']> {
  const note = await consignmentNoteOf(db, orderId);
  return note ? publicConsignmentNote(note) : null;
}

/**
 * What a public link shows: that shipment only (number, status, vehicle, stops, trail, last
 * position, ETA, the consignment note's goods) — no price, no carrier, no ids. A revoked or expired link answers 410 saying so;
 * an unknown one 404.
 */
export async function publicTrack(db: Db, token: string): Promise<PublicTrack> {
  const link = await linkByTokenHash(db, hashToken(token));
  if (!link) {
    throw new AppError(404, 'NOT_FOUND', 'This tracking link does not exist. Ask the sender for a new one.');
  }
  if (link.revokedAt) {
    throw new AppError(410, 'LINK_REVOKED', 'This tracking link was withdrawn by the sender.');
  }
  const trip = expired(link) ? undefined : (await loadTrips(db, [link.orderId])).get(link.orderId);
  if (!trip) {
    throw new AppError(410, 'LINK_EXPIRED', 'This shipment was delivered and its tracking link has expired.');
  }
  const last = lastPositionOf(trip);
  // Every stay, ended or not: a stop the vehicle has left was still reached.
  const stays = await geofenceEntries(db, trip.id);
  return {
    orderNumber: trip.number,
    status: trip.status as OrderStatus,
    statusLabel: ORDER_STATUS_LABEL[trip.status as OrderStatus] ?? trip.status,
    vehicleNumber: trip.vehicleNumber,
    stops: trip.stops.map((s) => ({
      kind: s.kind,
      label: s.label,
      city: s.city,
      latitude: s.latitude,
      longitude: s.longitude,
      arrivedAt: stays.find((e) => e.refId === s.id)?.startedAt.toISOString() ?? null,
    })),
    trail: await trailOf(db, trip),
    lastPosition: last ? publicPosition(last) : null,
    etaAt: etaNow(trip, new Set(stays.map((e) => e.refId)))?.eta.toISOString() ?? null,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    consignmentNote: await publicNoteOf(db, trip.id),
    tolls: (await tollCrossings(db, trip)).map((r) => ({ plaza: r.plaza ?? 'Toll plaza', readAt: r.readAt.toISOString() })),
  };
}
