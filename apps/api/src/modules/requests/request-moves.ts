import type { TransportRequest } from '@freightdesk/shared/schemas/request';
import { canMoveRequest, type RequestStatus } from '@freightdesk/shared/status/request';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { cancelJob, scheduleJob } from '../../lib/jobs.ts';
import { invitedCarrierUsers, type NotificationPayload, notify } from '../../lib/notify.ts';
import { recordEvent } from '../../lib/webhooks.ts';
import { DEFAULT_AWARD_WINDOW_HOURS } from './request-rules.ts';
import { awardWindowHours, moveRequestFrom, setRequestStatus } from '../../repositories/request-moves.repository.ts';
import { type RequestActor, requestResources, requestScope } from '../../repositories/request-rows.repository.ts';

/** Jobs that open and close the auction on time, whatever happens to this process meanwhile. */
export async function scheduleWindow(tx: DbOrTx, id: number, status: RequestStatus, bidStartAt: Date, bidEndAt: Date) {
  if (status === 'scheduled') {
    await scheduleJob(tx, 'request-open', `request-open:${id}`, bidStartAt, { id });
  }
  if (status === 'scheduled' || status === 'open') {
    await scheduleJob(tx, 'request-close', `request-close:${id}`, bidEndAt, { id });
  }
}

export const invitedPayload = (requestId: number, requestType: 1 | 2, number: string): NotificationPayload => ({
  title: 'New request to bid',
  msg: `You are invited to bid on ${number}.`,
  type: 'request',
  referId: requestId,
  requestType,
});

/** Tells the invited carriers, and records the webhook event request.published. */
export async function notifyInvited(tx: DbOrTx, industryId: number, requestId: number, requestType: 1 | 2, number: string) {
  await notify(tx, await invitedCarrierUsers(tx, requestId), invitedPayload(requestId, requestType, number));
  await recordPublished(tx, industryId, requestId, requestType, number);
}

/** The webhook event of a request published to carriers (on publish, or a draft saved as published). */
export async function recordPublished(tx: DbOrTx, industryId: number, requestId: number, direction: 1 | 2, requestNumber: string) {
  await recordEvent(tx, {
    type: 'request.published',
    data: { requestId, requestNumber, direction },
    industryId,
    subject: { kind: 'request', id: requestId },
  });
}

/** After the auction closed (job request-close): the webhook event auction.closed. */
export async function recordAuctionClosed(tx: DbOrTx, moved: Moved) {
  await recordEvent(tx, {
    type: 'auction.closed',
    data: {
      requestId: moved.id,
      requestNumber: moved.number,
      direction: moved.requestType === 2 ? 2 : 1,
      closedAt: new Date().toISOString(),
    },
    industryId: moved.industryId,
    subject: { kind: 'request', id: moved.id },
  });
}

/** Moves a request along its lifecycle; refuses moves the lifecycle does not allow. */
export async function moveRequest(
  db: Db,
  actor: RequestActor,
  requestType: 1 | 2,
  id: number,
  to: RequestStatus,
  reason?: string,
): Promise<TransportRequest> {
  const resource = requestResources[requestType];
  await db.transaction(async (tx) => {
    const before = await resource.mustFind(tx, actor.industryId, id, requestScope(actor));
    if (!canMoveRequest(before.status, to)) {
      throw new AppError(409, 'INVALID_TRANSITION', `A ${before.status} request cannot be ${to}.`);
    }
    await setRequestStatus(tx, actor.industryId, id, to);
    if (to === 'cancelled') {
      await cancelJob(tx, `request-open:${id}`);
      await cancelJob(tx, `request-close:${id}`);
    }
    if (to === 'scheduled' || to === 'open') {
      if (before.carrierLinkIds.length + before.groupIds.length === 0) {
        throw badRequest('carrierLinkIds', 'Invite at least one carrier or group');
      }
      await scheduleWindow(tx, id, to, new Date(before.bidStartAt), new Date(before.bidEndAt));
      await notifyInvited(tx, actor.industryId, id, requestType, before.number);
    }
    await resource.audit(tx, actor, id, 'status', before.status, to, reason);
  });
  return resource.mustFind(db, actor.industryId, id);
}

type Moved = { id: number; industryId: number; requestType: number; plantId: number; bidEndAt: Date; number: string };

/**
 * Job handler: the bid window moves a request from `from` to `to` (no-op if it moved already);
 * `then` runs in the same transaction after a move.
 */
export function windowJob(
  db: Db,
  from: RequestStatus,
  to: RequestStatus,
  reason: string,
  then?: (tx: DbOrTx, moved: Moved) => Promise<void>,
) {
  return async (payload: Record<string, unknown>) => {
    const id = Number(payload.id);
    await db.transaction(async (tx) => {
      const moved = await moveRequestFrom(tx, id, from, to);
      if (moved) {
        const resource = requestResources[moved.requestType as 1 | 2];
        await resource.audit(tx, { id: 0, industryId: moved.industryId }, id, 'status', from, to, reason);
        await then?.(tx, moved);
      }
    });
  };
}

/** When the auction closes, the award window starts: unawarded by its end, the request expires. */
export async function scheduleExpiry(tx: DbOrTx, moved: Moved) {
  const hours = Number((await awardWindowHours(tx, moved.industryId, moved.plantId)) ?? DEFAULT_AWARD_WINDOW_HOURS);
  await scheduleJob(tx, 'request-expire', `request-expire:${moved.id}`, new Date(moved.bidEndAt.getTime() + hours * 3_600_000), {
    id: moved.id,
  });
}

/** What follows the auction's close in its transaction: the award window, and the webhook event. */
export async function afterAuctionClosed(tx: DbOrTx, moved: Moved) {
  await scheduleExpiry(tx, moved);
  await recordAuctionClosed(tx, moved);
}
