import type { RequestInputParsed, TransportRequest } from '@freightdesk/shared/schemas/request';
import { type RequestStatus, statusForWindow } from '@freightdesk/shared/status/request';
import { PAST_GRACE_MINUTES } from '@freightdesk/shared/constants';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { checkExternalRef, withExternalRef } from '../../lib/external-ref.ts';
import { cancelJob } from '../../lib/jobs.ts';
import { nextNumber } from '../../repositories/numbering.repository.ts';
import { invitedCarrierUsers, notify } from '../../lib/notify.ts';
import { linkSpotRequest } from '../indents/indent-changes.service.ts';
import { invitedPayload, notifyInvited, recordPublished, scheduleWindow } from './request-moves.ts';
import { checkReferences } from '../../repositories/request-references.repository.ts';
import { type RequestActor, requestResources, requestScope } from '../../repositories/request-rows.repository.ts';
import { insertRequestRow, lockRequestVersion, updateRequestRow, writeChildren } from '../../repositories/request-writes.repository.ts';

/** The request's number: OB-2026-000123 outbound, IB-… inbound. */
const requestNumber = (tx: DbOrTx, industryId: number, requestType: 1 | 2, at: Date) =>
  nextNumber(tx, industryId, requestType === 2 ? 'IB' : 'OB', at);

/** The request's columns from its input (shared by create and edit). */
const columnsOf = (input: RequestInputParsed) => ({
  plantId: input.plantId,
  pickupAddressId: input.pickupAddressId,
  productId: input.productId,
  packageId: input.packageId,
  quantity: input.quantity,
  weightTonnes: input.weightTonnes,
  vehicleTypeId: input.vehicleTypeId,
  vehicleCount: input.vehicleCount,
  pickupAt: input.pickupAt,
  bidStartAt: input.bidStartAt,
  bidEndAt: input.bidEndAt,
  targetPricePaise: input.targetPriceRupees === null ? null : Math.round(input.targetPriceRupees * 100),
  priceBasis: input.priceBasis,
  hideMaterial: input.hideMaterial,
  remarks: input.remarks ?? null,
  externalRef: input.externalRef ?? null,
});

/**
 * A pickup or bid end in the past is a mistake (a past day picked, an old request copied): refused
 * naming the field, drafts too. `PAST_GRACE_MINUTES` covers the time between picking and saving.
 */
export function refusePastTimes(input: Pick<RequestInputParsed, 'pickupAt' | 'bidEndAt'>, now: Date) {
  const earliest = now.getTime() - PAST_GRACE_MINUTES * 60_000;
  const fields: Record<string, string> = {};
  if (input.bidEndAt.getTime() < earliest) {
    fields.bidEndAt = 'Bid end is in the past. Choose a later date and time.';
  }
  if (input.pickupAt.getTime() < earliest) {
    fields.pickupAt = 'Pickup date is in the past. Choose a later date and time.';
  }
  const [first] = Object.values(fields);
  if (first) {
    throw new AppError(400, 'VALIDATION_FAILED', first, fields);
  }
}

/** The status a saved request takes: a draft, or by its bid window when published. */
function statusToSave(input: RequestInputParsed, now: Date): RequestStatus {
  const status: RequestStatus = input.publish ? statusForWindow(input.bidStartAt, input.bidEndAt, now) : 'draft';
  if (status === 'closed') {
    throw badRequest('bidEndAt', 'Bid end must be in the future.');
  }
  return status;
}

/** One request inside the caller's transaction (or a bulk call's savepoint); returns its id. */
export async function insertRequest(tx: DbOrTx, actor: RequestActor, input: RequestInputParsed, now: Date): Promise<number> {
  refusePastTimes(input, now);
  await checkReferences(tx, actor, input);
  await checkExternalRef(tx, 'request', actor.industryId, input.externalRef);
  const status = statusToSave(input, now);
  const number = await requestNumber(tx, actor.industryId, input.requestType, now);
  const requestId = await withExternalRef('request', input.externalRef, () =>
    insertRequestRow(tx, {
      industryId: actor.industryId,
      number,
      requestType: input.requestType,
      status,
      ...columnsOf(input),
      createdBy: actor.id,
    }),
  );
  await writeChildren(tx, requestId, input);
  await scheduleWindow(tx, requestId, status, input.bidStartAt, input.bidEndAt);
  await requestResources[input.requestType].audit(tx, actor, requestId, 'create', undefined, status);
  if (input.spotIndentId) {
    await linkSpotRequest(tx, actor.industryId, input.spotIndentId, requestId);
  }
  if (status !== 'draft') {
    await notifyInvited(tx, actor.industryId, requestId, input.requestType, number);
  }
  return requestId;
}

/** Creates a draft, or publishes it: scheduled or open by its bid window, with its jobs. */
export async function createRequest(db: Db, actor: RequestActor, input: RequestInputParsed, now = new Date()): Promise<TransportRequest> {
  const id = await db.transaction((tx) => insertRequest(tx, actor, input, now));
  return requestResources[input.requestType].mustFind(db, actor.industryId, id);
}

/**
 * A batch: every request is created, or none (one transaction). A refusal names the field with
 * its place in the batch (`requests.2.plantId`).
 */
export async function createRequests(
  db: Db,
  actor: RequestActor,
  inputs: RequestInputParsed[],
  now = new Date(),
): Promise<TransportRequest[]> {
  const ids = await db.transaction(async (tx) => {
    const made: number[] = [];
    for (const [i, input] of inputs.entries()) {
      try {
        made.push(await insertRequest(tx, actor, input, now));
      } catch (err) {
        if (err instanceof AppError && err.fields) {
          const fields = Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [`requests.${i}.${k}`, v]));
          throw new AppError(err.statusCode, err.code, `Request ${i + 1}: ${err.message}`, fields);
        }
        throw err;
      }
    }
    return made;
  });
  const type = inputs[0]?.requestType ?? 1;
  return Promise.all(ids.map((id) => requestResources[type].mustFind(db, actor.industryId, id)));
}

/** Fields a history entry names when an edit changes them. */
const EDIT_FIELDS = [
  'status',
  'plantId',
  'pickupAddressId',
  'productId',
  'packageId',
  'quantity',
  'weightTonnes',
  'vehicleTypeId',
  'vehicleCount',
  'pickupAt',
  'bidStartAt',
  'bidEndAt',
  'targetPriceRupees',
  'priceBasis',
  'hideMaterial',
  'remarks',
  'externalRef',
  'carrierLinkIds',
  'groupIds',
  'dropoffs',
] as const;

function changes(before: TransportRequest, after: TransportRequest) {
  const out: Record<string, [unknown, unknown]> = {};
  for (const key of EDIT_FIELDS) {
    const a = key === 'dropoffs' ? before.dropoffs.map((d) => d.label) : before[key];
    const b = key === 'dropoffs' ? after.dropoffs.map((d) => d.label) : after[key];
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      out[key] = [a, b];
    }
  }
  return out;
}

/**
 * Edits a draft or scheduled request (no bids can exist yet); publishing a draft schedules or
 * opens it. Newly invited carriers are told; the bid window's jobs follow the new times.
 */
export async function updateRequest(
  db: Db,
  actor: RequestActor,
  requestType: 1 | 2,
  id: number,
  input: RequestInputParsed,
  now = new Date(),
  expected?: Date,
): Promise<TransportRequest> {
  const resource = requestResources[requestType];
  await db.transaction(async (tx) => {
    // The staff scope first: a request outside the user's plants is not found, stale or not.
    await lockRequestVersion(tx, actor, requestType, id, expected);
    const before = await resource.mustFind(tx, actor.industryId, id, requestScope(actor));
    if (before.status !== 'draft' && before.status !== 'scheduled') {
      throw new AppError(
        409,
        'NOT_EDITABLE',
        `A ${before.status} request cannot be edited: only drafts and scheduled requests can. Cancel it and replicate it instead.`,
      );
    }
    refusePastTimes(input, now);
    await checkReferences(tx, actor, input);
    await checkExternalRef(tx, 'request', actor.industryId, input.externalRef, id);
    const status = statusToSave(input, now);
    const invitedBefore = before.status === 'draft' ? [] : await invitedCarrierUsers(tx, id);
    await withExternalRef('request', input.externalRef, () =>
      updateRequestRow(tx, actor.industryId, id, { ...columnsOf(input), status, updatedAt: now }),
    );
    await writeChildren(tx, id, input);
    await cancelJob(tx, `request-open:${id}`);
    await cancelJob(tx, `request-close:${id}`);
    await scheduleWindow(tx, id, status, input.bidStartAt, input.bidEndAt);
    const after = await resource.mustFind(tx, actor.industryId, id);
    await resource.audit(tx, actor, id, 'update', changes(before, after), { status });
    if (status !== 'draft') {
      const told = new Set(invitedBefore);
      await notify(
        tx,
        (await invitedCarrierUsers(tx, id)).filter((u) => !told.has(u)),
        invitedPayload(id, requestType, before.number),
      );
      if (before.status === 'draft') {
        await recordPublished(tx, actor.industryId, id, requestType, before.number);
      }
    }
  });
  return resource.mustFind(db, actor.industryId, id);
}
