import { and, eq, type SQL } from 'drizzle-orm';
import type { Device, DeviceInputParsed, DeviceListQuery, DeviceState } from '@freightdesk/shared/schemas/device';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/platform.ts';
import { industries } from '../../db/schema/tenancy.ts';
import { writeAudit } from '../../lib/audit.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { withIsoDates } from '../../lib/rows.ts';
import { tenantResource } from '../../lib/tenant-resource.ts';

/** The device inventory; `status` mirrors the lifecycle state. */
export const deviceResource = tenantResource<Device, DeviceInputParsed, DeviceListQuery>({
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
});

/** Allowed moves of the device lifecycle. */
const MOVES: Record<string, { from: DeviceState[]; to: DeviceState }> = {
  assign: { from: ['with_admin'], to: 'with_shipper' },
  'send-back': { from: ['with_shipper'], to: 'sent_back' },
  receive: { from: ['sent_back'], to: 'with_admin' },
};

/**
 * Moves a device: admin assigns it to a shipper, the shipper sends it back, the admin receives it.
 * `scope` limits which devices the caller may move (a shipper: its own).
 */
export async function moveDevice(
  db: Db,
  actor: { id: number; industryId: number | null },
  id: number,
  move: keyof typeof MOVES,
  scope: SQL | undefined,
  industryId?: number,
): Promise<Device> {
  const rule = MOVES[move];
  if (!rule) {
    throw badRequest('move', 'Unknown move');
  }
  await db.transaction(async (tx) => {
    const before = await deviceResource.mustFind(tx, 0, id, scope);
    if (!rule.from.includes(before.state)) {
      throw new AppError(409, 'INVALID_TRANSITION', `A device ${before.state.replace('_', ' ')} cannot be moved this way.`);
    }
    if (move === 'assign') {
      const [shipper] = await tx
        .select({ id: industries.id })
        .from(industries)
        .where(and(eq(industries.id, industryId ?? 0), eq(industries.status, 'active')));
      if (!shipper) {
        throw badRequest('industryId', 'Choose an active shipper.');
      }
    }
    const owner = move === 'assign' ? industryId : move === 'receive' ? null : before.industryId;
    await tx.update(devices).set({ state: rule.to, industryId: owner, updatedAt: new Date() }).where(eq(devices.id, id));
    await writeAudit(tx, {
      industryId: owner ?? before.industryId,
      actorUserId: actor.id,
      entity: 'device',
      entityId: id,
      action: move,
      from: before.state,
      to: rule.to,
    });
  });
  return deviceResource.mustFind(db, 0, id);
}
