import type { DriverTrip, TripMoveBody } from '@freightdesk/shared/schemas/driver-trip';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../lib/storage.ts';
import { markDriverLinkSeen } from '../../repositories/driver-links.repository.ts';
import { carrierOrder } from '../../repositories/orders.repository.ts';
import { arriveAtDestination, moveWayOf, reportAtPlant } from '../orders/carrier-moves.service.ts';
import { assertMove } from '../orders/orders.service.ts';
import { receivePod } from '../orders/pod-upload.ts';
import { submitPod } from '../orders/pods.service.ts';
import { linkActor, openLink, tripAnswer } from './driver-trip.service.ts';

/**
 * The driver's moves through the trip link (issue 35, record 0300): the carrier's own services
 * (status machine, notices, webhooks), made as the carrier user who made the link and named on the
 * timeline as the driver's. 409 when the order's state does not allow the move (the carrier or
 * another tab made it already), naming the status.
 */

/** How the timeline names who made the move. */
export const DRIVER_BY_LINK = 'Driver (trip link)';
/** `POST /api/trip/{token}/report | arrive`: answers the trip as it is after the move. */
export async function tripMove(db: Db, token: string, move: 'report' | 'arrive', body: TripMoveBody & object): Promise<DriverTrip> {
  const link = await openLink(db, token);
  const actor = await linkActor(db, link);
  const way = moveWayOf(body.at, DRIVER_BY_LINK);
  if (move === 'report') {
    await reportAtPlant(db, actor, link.orderId, body.remarks, way);
  } else {
    await arriveAtDestination(db, actor, link.orderId, body.remarks, way);
  }
  await markDriverLinkSeen(db, link.id, new Date(), false);
  return tripAnswer(db, link, token);
}

/**
 * `POST /api/trip/{token}/deliver`: the POD as the carrier's deliver takes it (multipart: the file
 * and its fields). The move is checked before anything is stored. The link ends with the delivery:
 * this answer is its last.
 */
export async function tripDeliver(db: Db, storage: Storage, request: FastifyRequest, token: string): Promise<DriverTrip> {
  const link = await openLink(db, token);
  const actor = await linkActor(db, link);
  const order = await carrierOrder(db, actor, link.orderId);
  assertMove({ status: order.status, requestType: order.requestType }, 'delivered');
  const { file, fields } = await receivePod(request, storage);
  await submitPod(db, storage, actor, link.orderId, fields, file, DRIVER_BY_LINK);
  await markDriverLinkSeen(db, link.id, new Date(), false);
  return tripAnswer(db, link, token);
}
