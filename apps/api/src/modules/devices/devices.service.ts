import type { SQL } from 'drizzle-orm';
import type { Device, DeviceState } from '@freightdesk/shared/schemas/device';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { tenantResource } from '../../lib/tenant-resource.ts';
import { activeShipperExists, deviceSpec, setDeviceState } from '../../repositories/devices.repository.ts';

/** The device inventory; `status` mirrors the lifecycle state. */
export const deviceResource = tenantResource(deviceSpec);

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
      if (!(await activeShipperExists(tx, industryId ?? 0))) {
        throw badRequest('industryId', 'Choose an active shipper.');
      }
    }
    const owner = move === 'assign' ? industryId : move === 'receive' ? null : before.industryId;
    await setDeviceState(tx, id, rule.to, owner);
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
