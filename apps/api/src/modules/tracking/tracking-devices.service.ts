import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ListQuery } from '@freightdesk/shared/schemas/common';
import type { TrackingDevice, TrackingDeviceInput } from '@freightdesk/shared/schemas/tracking';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { orderTracking, trackingDevices } from '../../db/schema/tracking.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { cappedPage, countUpTo } from '../../lib/list-page.ts';
import { likePattern } from '../../lib/pagination.ts';

/** Whose devices: a shipper's (and the GPS locks the platform lent it) or a carrier company's. */
export type DeviceOwner = { industryId: number; carrierId?: undefined } | { carrierId: number; industryId?: undefined };

const d = trackingDevices;
export const ownedBy = (owner: DeviceOwner): SQL =>
  owner.industryId !== undefined ? eq(d.industryId, owner.industryId) : eq(d.carrierId, owner.carrierId);

/** The lent GPS locks of the admin's device screens, now with this shipper, become its tracking devices. */
export async function adoptLentDevices(db: DbOrTx, industryId: number): Promise<void> {
  await db.execute(sql`
    insert into tracking_devices (identifier, kind, industry_id, platform_device_id, name)
    select upper(dv.serial), 'lent', dv.industry_id, dv.id, dv.model from devices dv
    where dv.industry_id = ${industryId} and dv.state in ('with_shipper', 'on_order')
      and not exists (select 1 from tracking_devices t where t.platform_device_id = dv.id or t.identifier = upper(dv.serial))
    on conflict do nothing`);
  // A lock sent back or moved to another shipper stops being this one's.
  await db.execute(sql`
    update tracking_devices t set status = 'inactive', updated_at = now() from devices dv
    where t.platform_device_id = dv.id and t.status = 'active' and (dv.industry_id is distinct from t.industry_id
      or dv.state not in ('with_shipper', 'on_order'))`);
}

const select = {
  id: d.id,
  identifier: d.identifier,
  kind: d.kind,
  name: d.name,
  industryId: d.industryId,
  status: d.status,
  lastSeenAt: d.lastSeenAt,
  activeOrderNumber: orders.number,
  createdAt: d.createdAt,
};

const toDevice = (r: { [K in keyof typeof select]: unknown }): TrackingDevice => ({
  id: Number(r.id),
  identifier: String(r.identifier),
  kind: r.kind as TrackingDevice['kind'],
  name: (r.name as string | null) ?? null,
  owner: r.industryId ? 'shipper' : 'carrier',
  status: r.status as TrackingDevice['status'],
  lastSeenAt: r.lastSeenAt instanceof Date ? r.lastSeenAt.toISOString() : null,
  activeOrderNumber: (r.activeOrderNumber as string | null) ?? null,
  createdAt: (r.createdAt as Date).toISOString(),
});

function query(db: DbOrTx) {
  return db
    .select(select)
    .from(d)
    .leftJoin(orderTracking, and(eq(orderTracking.deviceId, d.id), isNull(orderTracking.stoppedAt)))
    .leftJoin(orders, eq(orders.id, orderTracking.orderId));
}

/** The owner's devices, page by page (search: identifier or name). */
export async function listTrackingDevices(db: Db, owner: DeviceOwner, q: ListQuery & { status?: 'active' | 'inactive' }) {
  if (owner.industryId !== undefined) {
    await adoptLentDevices(db, owner.industryId);
  }
  const where = and(
    ownedBy(owner),
    q.status ? eq(d.status, q.status) : undefined,
    q.search ? or(ilike(d.identifier, likePattern(q.search)), ilike(d.name, likePattern(q.search))) : undefined,
  );
  return cappedPage(
    q,
    async (limit, offset) => (await query(db).where(where).orderBy(desc(d.id)).limit(limit).offset(offset)).map(toDevice),
    countUpTo(
      db,
      db
        .select({ one: sql`1`.as('one') })
        .from(d)
        .where(where)
        .orderBy(desc(d.id))
        .$dynamic(),
    ),
  );
}

export async function findTrackingDevice(db: DbOrTx, owner: DeviceOwner, id: number): Promise<TrackingDevice> {
  const [row] = await query(db)
    .where(and(eq(d.id, id), ownedBy(owner)))
    .limit(1);
  if (!row) {
    throw notFound('Device');
  }
  return toDevice(row);
}

/** Registers a device by the identifier it reports with; an identifier registered by anyone is refused (409). */
export async function registerTrackingDevice(
  db: DbOrTx,
  owner: DeviceOwner,
  userId: number,
  input: TrackingDeviceInput,
): Promise<TrackingDevice> {
  const [row] = await db
    .insert(d)
    .values({
      identifier: input.identifier,
      kind: input.kind,
      name: input.name ?? null,
      industryId: owner.industryId ?? null,
      carrierId: owner.carrierId ?? null,
      createdBy: userId,
    })
    .onConflictDoNothing()
    .returning({ id: d.id });
  if (!row) {
    throw new AppError(409, 'CONFLICT', 'A device with this identifier is already registered.', {
      identifier: 'Already registered (by you or another company)',
    });
  }
  return findTrackingDevice(db, owner, row.id);
}

/** Turns a device off (positions from it are refused) or on again; a device on an active trip stays on. */
export async function setTrackingDeviceStatus(
  db: Db,
  owner: DeviceOwner,
  id: number,
  status: 'active' | 'inactive',
): Promise<TrackingDevice> {
  const device = await findTrackingDevice(db, owner, id);
  if (status === 'inactive' && device.activeOrderNumber) {
    throw new AppError(409, 'IN_USE', `This device tracks ${device.activeOrderNumber}; change that order's tracking first.`);
  }
  await db.update(d).set({ status, updatedAt: new Date() }).where(eq(d.id, id));
  return findTrackingDevice(db, owner, id);
}
