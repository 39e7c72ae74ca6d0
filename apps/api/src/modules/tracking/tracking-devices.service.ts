import type { ListQuery } from '@freightdesk/shared/schemas/common';
import type {
  DeviceHealthRow,
  DevicePairing,
  PositionOutcome,
  TrackingDevice,
  TrackingDeviceInput,
} from '@freightdesk/shared/schemas/tracking-devices';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  adoptLentDevices,
  type DeviceReach,
  type DeviceRow,
  deviceCounts,
  devicePage,
  deviceRows,
  insertDevice,
  lockDeviceInReach,
  setDeviceStatus,
  setIssuedIdentifier,
} from '../../repositories/tracking-devices.repository.ts';
import { deviceLabel, issuedHint, issuedKey, issueIdentifier, osmandTrackingUrl, traccarClientSetup } from './device-credentials.ts';

/** Whose new device: a shipper's or a carrier company's. */
export type DeviceOwner = { industryId: number; carrierId?: undefined } | { carrierId: number; industryId?: undefined };

type Row = DeviceRow;

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

/** What each device's positions came to, by reason (accepted first, then the most frequent). */
async function healthOf(db: DbOrTx, ids: number[]): Promise<Map<number, DeviceHealthRow[]>> {
  const map = new Map<number, DeviceHealthRow[]>();
  if (!ids.length) {
    return map;
  }
  const rows = await deviceCounts(db, ids);
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
export async function listTrackingDevices(
  db: Db,
  reach: DeviceReach,
  q: ListQuery & { status?: 'active' | 'inactive' },
  industryId?: number,
) {
  if (industryId !== undefined) {
    await adoptLentDevices(db, industryId);
  }
  return devicePage(db, reach, q, (rows) => withHealth(db, rows));
}

/** One device the rule admits (404 otherwise: another company's device is not there); `registered`: one just made. */
export async function findTrackingDevice(db: DbOrTx, reach: DeviceReach | 'registered', id: number): Promise<TrackingDevice> {
  const rows = await deviceRows(db, reach, id);
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
  const id = await insertDevice(db, {
    identifier: issued ? issuedKey(issued) : input.kind === 'gps' ? input.identifier : '',
    hint: issued ? issuedHint(issued) : null,
    credential: issued ? 'issued' : 'typed',
    kind: input.kind,
    name: input.name ?? null,
    industryId: owner.industryId ?? null,
    carrierId: owner.carrierId ?? null,
    createdBy: userId,
  });
  if (id === null) {
    throw identifierUnusable();
  }
  const device = await findTrackingDevice(db, 'registered', id);
  return { device, pairing: issued ? pairingOf(device, issued, serverUrl) : null };
}

/**
 * Issues a paired phone a new identifier (its old one stops at once, on every process): a phone
 * reinstalled, lost, or an identifier seen where it should not be. `forget` tells the ingests.
 */
export async function reissueIdentifier(
  db: Db,
  reach: DeviceReach,
  id: number,
  serverUrl: string,
  forget: (tx: DbOrTx, keys: string[]) => Promise<void>,
): Promise<DevicePairing> {
  return db.transaction(async (tx) => {
    const current = await lockDeviceInReach(tx, reach, id);
    if (!current) {
      throw notFound('Device');
    }
    if (current.kind !== 'phone' || current.credential === 'simulated') {
      throw new AppError(409, 'NOT_A_PHONE', 'Only a phone gets an identifier from Freightdesk; a GPS unit keeps the one printed on it.');
    }
    const issued = issueIdentifier();
    await setIssuedIdentifier(tx, id, issuedKey(issued), issuedHint(issued));
    await forget(tx, [current.identifier]);
    return pairingOf(await findTrackingDevice(tx, reach, id), issued, serverUrl);
  });
}

/** Turns a device off (its positions are dropped, counted) or on again; a device on an active trip stays on. */
export async function setTrackingDeviceStatus(
  db: Db,
  reach: DeviceReach,
  id: number,
  status: 'active' | 'inactive',
): Promise<TrackingDevice> {
  const device = await findTrackingDevice(db, reach, id);
  if (status === 'inactive' && device.activeOrderNumber) {
    throw new AppError(409, 'IN_USE', `This device tracks ${device.activeOrderNumber}; change that order's tracking first.`);
  }
  await setDeviceStatus(db, id, status);
  return findTrackingDevice(db, reach, id);
}
