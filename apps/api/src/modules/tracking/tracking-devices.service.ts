import { and, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ListQuery } from '@freightdesk/shared/schemas/common';
import type {
  DeviceHealthRow,
  DevicePairing,
  PositionOutcome,
  TrackingDevice,
  TrackingDeviceInput,
} from '@freightdesk/shared/schemas/tracking-devices';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { orderTracking, trackingDeviceCounts, trackingDevices } from '../../db/schema/tracking.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { cappedPage, countUpTo } from '../../lib/list-page.ts';
import { likePattern } from '../../lib/pagination.ts';
import { deviceLabel, issuedHint, issuedKey, issueIdentifier, osmandTrackingUrl, traccarClientSetup } from './device-credentials.ts';

/** Whose new device: a shipper's or a carrier company's. */
export type DeviceOwner = { industryId: number; carrierId?: undefined } | { carrierId: number; industryId?: undefined };

const d = trackingDevices;
/** The identifier people may search by: a typed one; an issued one is found by its last four (`hint`), never by its hash. */
export const TYPED_IDENTIFIER = sql`(case when ${d.credential} = 'issued' then null else ${d.identifier} end)`;

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
type Row = { [K in keyof typeof select]: unknown };

const toDevice = (r: Row, health: DeviceHealthRow[]): TrackingDevice => ({
  id: Number(r.id),
  kind: r.kind as TrackingDevice['kind'],
  credential: r.credential as TrackingDevice['credential'],
  label: deviceLabel({ credential: String(r.credential), identifier: String(r.identifier), hint: (r.hint as string | null) ?? null }),
  name: (r.name as string | null) ?? null,
  owner: r.industryId ? 'shipper' : 'carrier',
  status: r.status as TrackingDevice['status'],
  lastSeenAt: r.lastSeenAt instanceof Date ? r.lastSeenAt.toISOString() : null,
  activeOrderNumber: (r.activeOrderNumber as string | null) ?? null,
  health,
  createdAt: (r.createdAt as Date).toISOString(),
});

function query(db: DbOrTx) {
  return db
    .select(select)
    .from(d)
    .leftJoin(orderTracking, and(eq(orderTracking.deviceId, d.id), isNull(orderTracking.stoppedAt)))
    .leftJoin(orders, eq(orders.id, orderTracking.orderId));
}

/** What each device's positions came to, by reason (accepted first, then the most frequent). */
async function healthOf(db: DbOrTx, ids: number[]): Promise<Map<number, DeviceHealthRow[]>> {
  const map = new Map<number, DeviceHealthRow[]>();
  if (!ids.length) {
    return map;
  }
  const c = trackingDeviceCounts;
  const rows = await db.select().from(c).where(inArray(c.deviceId, ids));
  for (const r of rows.sort((a, b) => (a.reason === 'accepted' ? -1 : b.reason === 'accepted' ? 1 : b.count - a.count))) {
    const list = map.get(r.deviceId) ?? [];
    list.push({ reason: r.reason as PositionOutcome, count: Number(r.count), lastAt: r.lastAt.toISOString() });
    map.set(r.deviceId, list);
  }
  return map;
}

async function withHealth(db: DbOrTx, rows: Row[]): Promise<TrackingDevice[]> {
  const health = await healthOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => toDevice(r, health.get(Number(r.id)) ?? []));
}

/** The devices the policy's rule admits, page by page (search: identifier, its last four, or name). */
export async function listTrackingDevices(db: Db, scope: SQL, q: ListQuery & { status?: 'active' | 'inactive' }, industryId?: number) {
  if (industryId !== undefined) {
    await adoptLentDevices(db, industryId);
  }
  const where = and(
    scope,
    q.status ? eq(d.status, q.status) : undefined,
    q.search
      ? or(
          ilike(d.identifier, likePattern(q.search)),
          ilike(d.hint, likePattern(q.search.replace(/^…/, ''))),
          ilike(d.name, likePattern(q.search)),
        )
      : undefined,
  );
  return cappedPage(
    q,
    async (limit, offset) => withHealth(db, await query(db).where(where).orderBy(desc(d.id)).limit(limit).offset(offset)),
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

/** One device the rule admits (404 otherwise: another company's device is not there). */
export async function findTrackingDevice(db: DbOrTx, scope: SQL, id: number): Promise<TrackingDevice> {
  const rows = await query(db)
    .where(and(eq(d.id, id), scope))
    .limit(1);
  const [device] = await withHealth(db, rows);
  if (!device) {
    throw notFound('Device');
  }
  return device;
}

/** What a freshly issued identifier comes with: the setup card's contents. */
function pairingOf(device: TrackingDevice, identifier: string, serverUrl: string): DevicePairing {
  return {
    device,
    identifier,
    serverUrl,
    setupUri: traccarClientSetup(serverUrl, identifier),
    osmandUrl: osmandTrackingUrl(serverUrl, identifier),
  };
}

/** The generic refusal of an identifier taken: it never says by whom, nor whether it exists elsewhere. */
export const identifierUnusable = () =>
  new AppError(409, 'CONFLICT', 'This identifier cannot be used.', { identifier: 'This identifier cannot be used' });

/**
 * Registers a device. A phone is paired: an identifier is issued and answered once with its setup
 * (only its hash is kept). A GPS unit is registered by its typed identifier (an IMEI) and reports
 * through Traccar; one already registered anywhere is refused without saying where.
 */
export async function registerTrackingDevice(
  db: DbOrTx,
  owner: DeviceOwner,
  userId: number,
  input: TrackingDeviceInput,
  serverUrl: string,
): Promise<{ device: TrackingDevice; pairing: DevicePairing | null }> {
  const issued = input.kind === 'phone' ? issueIdentifier() : null;
  const [row] = await db
    .insert(d)
    .values({
      identifier: issued ? issuedKey(issued) : input.kind === 'gps' ? input.identifier : '',
      hint: issued ? issuedHint(issued) : null,
      credential: issued ? 'issued' : 'typed',
      kind: input.kind,
      name: input.name ?? null,
      industryId: owner.industryId ?? null,
      carrierId: owner.carrierId ?? null,
      createdBy: userId,
    })
    .onConflictDoNothing()
    .returning({ id: d.id });
  if (!row) {
    throw identifierUnusable();
  }
  const device = await findTrackingDevice(db, eq(d.id, row.id), row.id);
  return { device, pairing: issued ? pairingOf(device, issued, serverUrl) : null };
}

/**
 * Issues a paired phone a new identifier (its old one stops at once, on every process): a phone
 * reinstalled, lost, or an identifier seen where it should not be. `forget` tells the ingests.
 */
export async function reissueIdentifier(
  db: Db,
  scope: SQL,
  id: number,
  serverUrl: string,
  forget: (tx: DbOrTx, keys: string[]) => Promise<void>,
): Promise<DevicePairing> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ identifier: d.identifier, kind: d.kind, credential: d.credential })
      .from(d)
      .where(and(eq(d.id, id), scope))
      .for('update');
    if (!current) {
      throw notFound('Device');
    }
    if (current.kind !== 'phone' || current.credential === 'simulated') {
      throw new AppError(409, 'NOT_A_PHONE', 'Only a phone gets an identifier from Freightdesk; a GPS unit keeps the one printed on it.');
    }
    const issued = issueIdentifier();
    await tx
      .update(d)
      .set({ identifier: issuedKey(issued), hint: issuedHint(issued), credential: 'issued', updatedAt: new Date() })
      .where(eq(d.id, id));
    await forget(tx, [current.identifier]);
    return pairingOf(await findTrackingDevice(tx, scope, id), issued, serverUrl);
  });
}

/** Turns a device off (its positions are dropped, counted) or on again; a device on an active trip stays on. */
export async function setTrackingDeviceStatus(db: Db, scope: SQL, id: number, status: 'active' | 'inactive'): Promise<TrackingDevice> {
  const device = await findTrackingDevice(db, scope, id);
  if (status === 'inactive' && device.activeOrderNumber) {
    throw new AppError(409, 'IN_USE', `This device tracks ${device.activeOrderNumber}; change that order's tracking first.`);
  }
  await db.update(d).set({ status, updatedAt: new Date() }).where(eq(d.id, id));
  return findTrackingDevice(db, scope, id);
}
