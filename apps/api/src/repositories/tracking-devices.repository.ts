import { and, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ListQuery } from '@freightdesk/shared/schemas/common';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { orderTracking, trackingDeviceCounts, trackingDevices } from '../db/schema/tracking.ts';
import { cappedPage, countUpTo } from './common/list-page.ts';
import { likePattern } from './common/pagination.ts';
import type { Action, Viewer } from '../lib/policy.ts';
import { devicesFor } from '../lib/policy-devices.ts';

/**
 * The statements of a company's tracking devices (issue 32), read as a viewer: each applies the
 * policy's device rule (`devicesFor`) itself. A device just registered is read back by its id alone.
 */

const d = trackingDevices;

/** Who reaches a device: the viewer and the action. */
export type DeviceReach = { viewer: Viewer; action: Action };

/** The policy's device rule for the reach (nothing when it admits nothing). */
const deviceScope = (reach: DeviceReach): SQL => devicesFor(reach.viewer, reach.action) ?? sql`false`;

/** The identifier people may search by: a typed one; an issued one is found by its last four (`hint`), never by its hash. */
export const TYPED_IDENTIFIER = sql`(case when ${d.credential} = 'issued' then null else ${d.identifier} end)`;
/** A device in a picker: its name and how its identifier shows (`Ramesh · …K7QZ`). */
const DEVICE_OPTION_LABEL = sql<string>`coalesce(${d.name} || ' · ', '') || case when ${d.credential} = 'issued' then '…' || ${d.hint} else ${d.identifier} end`;

/** The device picker's rows (repositories/common/options.ts): the active devices the policy's read rule admits. */
export const deviceOptionsSpec = {
  table: trackingDevices,
  columns: { id: trackingDevices.id, label: DEVICE_OPTION_LABEL.as('label'), kind: trackingDevices.kind },
  label: DEVICE_OPTION_LABEL,
  scope: (viewer: Viewer) => devicesFor(viewer, 'read') ?? sql`false`,
  offered: eq(trackingDevices.status, 'active'),
  search: [trackingDevices.name, trackingDevices.hint, TYPED_IDENTIFIER],
  order: [desc(trackingDevices.id)],
};

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
  hint: d.hint,
  kind: d.kind,
  credential: d.credential,
  name: d.name,
  industryId: d.industryId,
  status: d.status,
  lastSeenAt: d.lastSeenAt,
  activeOrderNumber: orders.number,
  createdAt: d.createdAt,
};
export type DeviceRow = { [K in keyof typeof select]: unknown };

function query(db: DbOrTx) {
  return db
    .select(select)
    .from(d)
    .leftJoin(orderTracking, and(eq(orderTracking.deviceId, d.id), isNull(orderTracking.stoppedAt)))
    .leftJoin(orders, eq(orders.id, orderTracking.orderId));
}

/** The devices the reach admits, filtered by status and search (identifier, its last four, or name). */
function listFilter(reach: DeviceReach, q: ListQuery & { status?: 'active' | 'inactive' }) {
  return and(
    deviceScope(reach),
    q.status ? eq(d.status, q.status) : undefined,
    q.search
      ? or(
          ilike(d.identifier, likePattern(q.search)),
          ilike(d.hint, likePattern(q.search.replace(/^…/, ''))),
          ilike(d.name, likePattern(q.search)),
        )
      : undefined,
  );
}

/** The devices the reach admits (status and search narrow), newest first. */
export const deviceListQuery = (db: DbOrTx, reach: DeviceReach, q: ListQuery & { status?: 'active' | 'inactive' }) =>
  query(db).where(listFilter(reach, q)).orderBy(desc(d.id));

/** One page of the devices the reach admits, newest first (`withHealth` adds each one's counts). */
export function devicePage<R>(
  db: DbOrTx,
  reach: DeviceReach,
  q: ListQuery & { status?: 'active' | 'inactive' },
  withHealth: (rows: DeviceRow[]) => Promise<R[]>,
) {
  const where = listFilter(reach, q);
  return cappedPage(
    q,
    async (limit, offset) => withHealth(await deviceListQuery(db, reach, q).limit(limit).offset(offset)),
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

/** The device (by id) if the reach admits it; `registered`: the device just made, read back by its id. */
export const deviceQuery = (db: DbOrTx, reach: DeviceReach | 'registered', id: number) =>
  query(db)
    .where(and(eq(d.id, id), reach === 'registered' ? eq(d.id, id) : deviceScope(reach)))
    .limit(1);

export async function deviceRows(db: DbOrTx, reach: DeviceReach | 'registered', id: number): Promise<DeviceRow[]> {
  return deviceQuery(db, reach, id);
}

/** What each device's positions came to, by reason. */
export async function deviceCounts(db: DbOrTx, ids: number[]) {
  const c = trackingDeviceCounts;
  return db.select().from(c).where(inArray(c.deviceId, ids));
}

/** Registers a device; none when its identifier is taken. */
export async function insertDevice(db: DbOrTx, row: typeof trackingDevices.$inferInsert): Promise<number | null> {
  const [made] = await db.insert(d).values(row).onConflictDoNothing().returning({ id: d.id });
  return made?.id ?? null;
}

/** The device (if the reach admits it), its row locked. */
export async function lockDeviceInReach(tx: DbOrTx, reach: DeviceReach, id: number) {
  const [current] = await tx
    .select({ identifier: d.identifier, kind: d.kind, credential: d.credential })
    .from(d)
    .where(and(eq(d.id, id), deviceScope(reach)))
    .for('update');
  return current;
}

/** A phone's new issued identifier. */
export async function setIssuedIdentifier(tx: DbOrTx, id: number, identifier: string, hint: string): Promise<void> {
  await tx.update(d).set({ identifier, hint, credential: 'issued', updatedAt: new Date() }).where(eq(d.id, id));
}

export async function setDeviceStatus(db: DbOrTx, id: number, status: 'active' | 'inactive'): Promise<void> {
  await db.update(d).set({ status, updatedAt: new Date() }).where(eq(d.id, id));
}
