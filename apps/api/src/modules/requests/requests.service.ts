import { and, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RequestInputParsed, RequestListQuery, TransportRequest } from '@freightdesk/shared/schemas/request';
import { canMoveRequest, type RequestStatus, statusForWindow } from '@freightdesk/shared/status/request';
import { PAST_GRACE_MINUTES } from '@freightdesk/shared/constants';
import type { Db, DbOrTx } from '../../db/client.ts';
import { stops } from '../../db/schema/locations.ts';
import { parties, partyAddresses } from '../../db/schema/parties.ts';
import { plants } from '../../db/schema/plants.ts';
import { requestDropoffs, requestInviteGroups, requestInvites, transportRequests } from '../../db/schema/requests.ts';
import { packages, products, vehicleTypes } from '../../db/schema/settings.ts';
import { carrierGroups, carriers, industryCarriers } from '../../db/schema/tenancy.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { cancelJob, scheduleJob } from '../../lib/jobs.ts';
import { nextNumber } from '../../lib/numbering.ts';
import { invitedCarrierUsers, type NotificationPayload, notify } from '../../lib/notify.ts';
import { inDays, withIsoDates } from '../../lib/rows.ts';
import { reused } from '../../lib/prepared.ts';
import { matchingIds } from '../../lib/list-page.ts';
import { likePattern } from '../../lib/pagination.ts';
import { type Actor, tenantResource } from '../../lib/tenant-resource.ts';
import { type StaffScope, staffPlantScope } from '../../lib/policy.ts';
import { lockVersion } from '../../lib/version-check.ts';
import { linkSpotRequest } from '../indents/indent-changes.service.ts';
import { DEFAULT_AWARD_WINDOW_HOURS, ruleColumn } from './request-rules.ts';

const r = transportRequests;

/** The shipper user acting; `staff` narrows a staff user to the plants assigned. */
export type RequestActor = Actor & { staff?: StaffScope };

/** What a staff user may see of requests (undefined: everything of the tenant). */
export const requestScope = (actor: RequestActor) => (actor.staff ? staffPlantScope(actor.staff, r.plantId) : undefined);

const toRequest = (raw: Record<string, unknown>): TransportRequest => {
  const row = withIsoDates<TransportRequest & { targetPricePaise: number | null }>(raw);
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
  const { targetPricePaise, ...rest } = row;
  return {
    ...rest,
    pickupAt: iso(raw.pickupAt),
    bidStartAt: iso(raw.bidStartAt),
    bidEndAt: iso(raw.bidEndAt),
    targetPriceRupees: targetPricePaise === null ? null : targetPricePaise / 100,
  };
};

/** The search's plant names as the shipper's plant ids. */
const plantNames = (db: DbOrTx, industryId: number, search: string) => {
  const where = and(eq(plants.industryId, industryId), ilike(plants.name, likePattern(search)));
  const found = () => db.select({ id: plants.id }).from(plants).where(where);
  return matchingIds(r.plantId, (n) => reused(found().limit(n)), found());
};

/** Transport requests of one direction, as the shipper sees them. */
export function requestResource(requestType: 1 | 2) {
  return tenantResource<TransportRequest, never, RequestListQuery>({
    entity: 'request',
    label: 'Request',
    table: r,
    scope: eq(r.requestType, requestType),
    select: {
      id: r.id,
      number: r.number,
      requestType: r.requestType,
      status: r.status,
      plantId: r.plantId,
      plantName: sql<string>`(select p.name from plants p where p.id = transport_requests.plant_id)`.as('plant_name'),
      pickupAddressId: r.pickupAddressId,
      dropoffs:
        sql`coalesce((select json_agg(json_build_object('addressId', d.address_id, 'stopId', d.stop_id, 'label', coalesce(a.label || ', ' || a.city, s.name || ', ' || s.city)) order by d.seq) from request_dropoffs d left join party_addresses a on a.id = d.address_id left join stops s on s.id = d.stop_id where d.request_id = transport_requests.id), '[]'::json)`.as(
          'dropoffs',
        ),
      productId: r.productId,
      productName: sql<string | null>`(select p.name from products p where p.id = transport_requests.product_id)`.as('product_name'),
      packageId: r.packageId,
      quantity: r.quantity,
      weightTonnes: r.weightTonnes,
      vehicleTypeId: r.vehicleTypeId,
      vehicleTypeName: sql<string>`(select v.name from vehicle_types v where v.id = transport_requests.vehicle_type_id)`.as(
        'vehicle_type_name',
      ),
      vehicleCount: r.vehicleCount,
      pickupAt: r.pickupAt,
      bidStartAt: r.bidStartAt,
      bidEndAt: r.bidEndAt,
      targetPricePaise: r.targetPricePaise,
      priceBasis: r.priceBasis,
      carrierLinkIds:
        sql`coalesce((select array_agg(i.industry_carrier_id order by i.industry_carrier_id) from request_invites i where i.request_id = transport_requests.id), '{}')`.as(
          'carrier_link_ids',
        ),
      groupIds:
        sql`coalesce((select array_agg(g.group_id order by g.group_id) from request_invite_groups g where g.request_id = transport_requests.id), '{}')`.as(
          'group_ids',
        ),
      hideMaterial: r.hideMaterial,
      remarks: r.remarks,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    },
    search: [],
    numbers: [r.number],
    searchRefs: [plantNames],
    sorts: { number: r.number, pickupAt: r.pickupAt, bidEndAt: r.bidEndAt, createdAt: r.createdAt },
    filters: (q) => [
      q.status ? eq(r.status, q.status) : undefined,
      q.plantId ? eq(r.plantId, q.plantId) : undefined,
      q.carrierLinkId
        ? sql`exists (select 1 from request_invites i where i.request_id = transport_requests.id and i.industry_carrier_id = ${q.carrierLinkId})`
        : undefined,
      inDays(r.pickupAt, q.pickupFrom, q.pickupTo),
    ],
    toRow: toRequest,
    toValues: () => ({}),
  });
}

export const requestResources = { 1: requestResource(1), 2: requestResource(2) } as const;

async function owns(
  tx: DbOrTx,
  table: PgTable & { id: never },
  where: ReturnType<typeof and>,
  ids: number[],
  field: string,
  message: string,
) {
  if (!ids.length) {
    return;
  }
  const [row] = await tx
    .select({ n: count() })
    .from(table)
    .where(and(inArray((table as unknown as { id: typeof plants.id }).id, ids), where));
  if (row?.n !== ids.length) {
    throw badRequest(field, message);
  }
}

/** Every reference of the request must be the shipper's own (or the global vehicle catalogue). */
async function checkReferences(tx: DbOrTx, actor: RequestActor, input: RequestInputParsed) {
  const { industryId } = actor;
  await owns(
    tx,
    plants as never,
    and(eq(plants.industryId, industryId), eq(plants.status, 'active'), actor.staff && staffPlantScope(actor.staff, plants.id)),
    [input.plantId],
    'plantId',
    'Choose one of your active plants.',
  );
  const addressIds = input.dropoffs.flatMap((d) => (d.addressId ? [d.addressId] : []));
  const addressOf = (kind: 'client' | 'vendor') =>
    inArray(
      partyAddresses.partyId,
      tx
        .select({ id: parties.id })
        .from(parties)
        .where(and(eq(parties.industryId, industryId), eq(parties.kind, kind))),
    );
  await owns(tx, partyAddresses as never, addressOf('client'), addressIds, 'dropoffs', 'Choose addresses of your own clients.');
  await owns(
    tx,
    stops as never,
    eq(stops.industryId, industryId),
    input.dropoffs.flatMap((d) => (d.stopId ? [d.stopId] : [])),
    'dropoffs',
    'Choose your own locations.',
  );
  if (input.pickupAddressId) {
    await owns(
      tx,
      partyAddresses as never,
      addressOf('vendor'),
      [input.pickupAddressId],
      'pickupAddressId',
      'Choose an address of your own vendors.',
    );
  }
  if (input.productId) {
    await owns(tx, products as never, eq(products.industryId, industryId), [input.productId], 'productId', 'Choose one of your products.');
  }
  if (input.packageId) {
    await owns(tx, packages as never, eq(packages.industryId, industryId), [input.packageId], 'packageId', 'Choose one of your packages.');
  }
  await owns(
    tx,
    vehicleTypes as never,
    or(isNull(vehicleTypes.industryId), eq(vehicleTypes.industryId, industryId)),
    [input.vehicleTypeId],
    'vehicleTypeId',
    'Choose a vehicle type.',
  );
  await owns(
    tx,
    carrierGroups as never,
    eq(carrierGroups.industryId, industryId),
    input.groupIds,
    'groupIds',
    'Choose groups of your own company.',
  );
  if (input.carrierLinkIds.length) {
    const links = await tx
      .select({ id: industryCarriers.id, status: industryCarriers.status, name: carriers.name })
      .from(industryCarriers)
      .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
      .where(and(eq(industryCarriers.industryId, industryId), inArray(industryCarriers.id, input.carrierLinkIds)));
    if (links.length !== input.carrierLinkIds.length) {
      throw badRequest('carrierLinkIds', 'Choose carriers from My Carriers.');
    }
    const blocked = links.find((l) => l.status === 'blocked');
    if (blocked) {
      throw badRequest('carrierLinkIds', `${blocked.name} is blocked and cannot be invited.`);
    }
  }
}

/** The request's number: OB-2026-000123 outbound, IB-… inbound. */
const requestNumber = (tx: DbOrTx, industryId: number, requestType: 1 | 2, at: Date) =>
  nextNumber(tx, industryId, requestType === 2 ? 'IB' : 'OB', at);

/** Jobs that open and close the auction on time, whatever happens to this process meanwhile. */
async function scheduleWindow(tx: DbOrTx, id: number, status: RequestStatus, bidStartAt: Date, bidEndAt: Date) {
  if (status === 'scheduled') {
    await scheduleJob(tx, 'request-open', `request-open:${id}`, bidStartAt, { id });
  }
  if (status === 'scheduled' || status === 'open') {
    await scheduleJob(tx, 'request-close', `request-close:${id}`, bidEndAt, { id });
  }
}

const invitedPayload = (requestId: number, requestType: 1 | 2, number: string): NotificationPayload => ({
  title: 'New request to bid',
  msg: `You are invited to bid on ${number}.`,
  type: 'request',
  referId: requestId,
  requestType,
});

async function notifyInvited(tx: DbOrTx, requestId: number, requestType: 1 | 2, number: string) {
  await notify(tx, await invitedCarrierUsers(tx, requestId), invitedPayload(requestId, requestType, number));
}

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
});

/** Writes the request's drop-offs and invitations, replacing what it had. */
async function writeChildren(tx: DbOrTx, requestId: number, input: RequestInputParsed) {
  await tx.delete(requestDropoffs).where(eq(requestDropoffs.requestId, requestId));
  await tx.delete(requestInvites).where(eq(requestInvites.requestId, requestId));
  await tx.delete(requestInviteGroups).where(eq(requestInviteGroups.requestId, requestId));
  if (input.dropoffs.length) {
    await tx
      .insert(requestDropoffs)
      .values(input.dropoffs.map((d, seq) => ({ requestId, seq, addressId: d.addressId ?? null, stopId: d.stopId ?? null })));
  }
  if (input.carrierLinkIds.length) {
    await tx.insert(requestInvites).values(input.carrierLinkIds.map((industryCarrierId) => ({ requestId, industryCarrierId })));
  }
  if (input.groupIds.length) {
    await tx.insert(requestInviteGroups).values(input.groupIds.map((groupId) => ({ requestId, groupId })));
  }
}

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

/** One request inside the caller's transaction; returns its id. */
async function insertRequest(tx: DbOrTx, actor: RequestActor, input: RequestInputParsed, now: Date): Promise<number> {
  refusePastTimes(input, now);
  await checkReferences(tx, actor, input);
  const status = statusToSave(input, now);
  const number = await requestNumber(tx, actor.industryId, input.requestType, now);
  const [row] = await tx
    .insert(r)
    .values({
      industryId: actor.industryId,
      number,
      requestType: input.requestType,
      status,
      ...columnsOf(input),
      createdBy: actor.id,
    })
    .returning({ id: r.id });
  const requestId = row?.id ?? 0;
  await writeChildren(tx, requestId, input);
  await scheduleWindow(tx, requestId, status, input.bidStartAt, input.bidEndAt);
  await requestResources[input.requestType].audit(tx, actor, requestId, 'create', undefined, status);
  if (input.spotIndentId) {
    await linkSpotRequest(tx, actor.industryId, input.spotIndentId, requestId);
  }
  if (status !== 'draft') {
    await notifyInvited(tx, requestId, input.requestType, number);
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
    const where = and(eq(r.industryId, actor.industryId), eq(r.id, id), eq(r.requestType, requestType), requestScope(actor));
    await lockVersion(tx, { table: r, where, expected, label: 'request', entity: 'request' });
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
    const status = statusToSave(input, now);
    const invitedBefore = before.status === 'draft' ? [] : await invitedCarrierUsers(tx, id);
    await tx
      .update(r)
      .set({ ...columnsOf(input), status, updatedAt: now })
      .where(and(eq(r.industryId, actor.industryId), eq(r.id, id)));
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
    }
  });
  return resource.mustFind(db, actor.industryId, id);
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
    await tx
      .update(r)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(r.industryId, actor.industryId), eq(r.id, id)));
    if (to === 'cancelled') {
      await cancelJob(tx, `request-open:${id}`);
      await cancelJob(tx, `request-close:${id}`);
    }
    if (to === 'scheduled' || to === 'open') {
      if (before.carrierLinkIds.length + before.groupIds.length === 0) {
        throw badRequest('carrierLinkIds', 'Invite at least one carrier or group');
      }
      await scheduleWindow(tx, id, to, new Date(before.bidStartAt), new Date(before.bidEndAt));
      await notifyInvited(tx, id, requestType, before.number);
    }
    await resource.audit(tx, actor, id, 'status', before.status, to, reason);
  });
  return resource.mustFind(db, actor.industryId, id);
}

type Moved = { id: number; industryId: number; requestType: number; plantId: number; bidEndAt: Date };

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
      const [moved] = await tx
        .update(r)
        .set({ status: to, updatedAt: new Date() })
        .where(and(eq(r.id, id), eq(r.status, from)))
        .returning({ id: r.id, industryId: r.industryId, requestType: r.requestType, plantId: r.plantId, bidEndAt: r.bidEndAt });
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
  const [rule] = (
    (await tx.execute(sql`select ${ruleColumn('award_window_hours', moved.industryId, moved.plantId)} as hours`)) as unknown as {
      rows: { hours: number | null }[];
    }
  ).rows;
  const hours = Number(rule?.hours ?? DEFAULT_AWARD_WINDOW_HOURS);
  await scheduleJob(tx, 'request-expire', `request-expire:${moved.id}`, new Date(moved.bidEndAt.getTime() + hours * 3_600_000), {
    id: moved.id,
  });
}
