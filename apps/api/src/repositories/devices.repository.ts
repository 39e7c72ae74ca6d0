import { and, eq } from 'drizzle-orm';
import type { Device, DeviceInputParsed, DeviceListQuery, DeviceState } from '@freightdesk/shared/schemas/device';
import type { DbOrTx } from '../db/client.ts';
import { devices } from '../db/schema/platform.ts';
import { industries } from '../db/schema/tenancy.ts';
import type { ResourceSpec } from '../lib/resource-spec.ts';
import { withIsoDates } from './common/rows.ts';

/**
 * Devices (issue 32): the platform's inventory (admin data) and a shipper's lent devices, which a
 * shipper reads and moves only through `ownDevices`.
 */

/** The device inventory; `status` mirrors the lifecycle state. */
export const deviceSpec: ResourceSpec<Device, DeviceInputParsed, DeviceListQuery> = {
  entity: 'device',
  label: 'Device',
  global: true,
  // Devices move through their own lifecycle (moveDevice), never through setStatus.
  table: devices as never,
  select: {
    id: devices.id,
    serial: devices.serial,
    kind: devices.kind,
    model: devices.model,
    simNumber: devices.simNumber,
    state: devices.state,
    industryId: devices.industryId,
    industryName: industries.name,
    status: devices.state,
    createdAt: devices.createdAt,
    updatedAt: devices.updatedAt,
  },
  joins: [{ table: industries, on: eq(industries.id, devices.industryId) }],
  search: [devices.serial, devices.model, devices.simNumber, industries.name],
  sorts: { serial: devices.serial, state: devices.state, createdAt: devices.createdAt },
  filters: (q) => [
    q.state ? eq(devices.state, q.state) : undefined,
    q.kind ? eq(devices.kind, q.kind) : undefined,
    q.industryId ? eq(devices.industryId, q.industryId) : undefined,
  ],
  unique: { devices_serial: ['serial', 'Another device already has this serial number.'] },
  toRow: withIsoDates<Device>,
  toValues: (input) => ({ ...input, model: input.model ?? null, simNumber: input.simNumber ?? null }),
};

/** A shipper's own devices: the restriction of its list, export and send-back. */
export const ownDevices = (industryId: number) => eq(devices.industryId, industryId);

/** Whether the shipper is active (a device is assigned only to one). */
export async function activeShipperExists(tx: DbOrTx, industryId: number): Promise<boolean> {
  const [shipper] = await tx
    .select({ id: industries.id })
    .from(industries)
    .where(and(eq(industries.id, industryId), eq(industries.status, 'active')));
  return Boolean(shipper);
}

export async function setDeviceState(tx: DbOrTx, id: number, state: DeviceState, industryId: number | null | undefined): Promise<void> {
  await tx.update(devices).set({ state, industryId, updatedAt: new Date() }).where(eq(devices.id, id));
}
