import type { Shipper, ShipperInputParsed, ShipperUpdateParsed } from '@freightdesk/shared/schemas/plan';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import { conflict, notFound, uniqueViolation } from '../../lib/errors.ts';
import { tenantResource } from '../../lib/tenant-resource.ts';
import { insertShipper, lockShipper, setShipperCompany, shipperCompany, shipperSpec } from '../../repositories/shippers.repository.ts';

/** Shipper companies as the platform admin sees them. Deactivating one ends its users' sessions. */
export const shipperResource = tenantResource(shipperSpec);

/** Creates a shipper company with its owner (user type 3), who is then invited to set a password. */
export async function createShipper(db: Db, adminId: number, input: ShipperInputParsed) {
  return db
    .transaction(async (tx) => {
      const made = await insertShipper(tx, input);
      const { industryId } = made;
      await writeAudit(tx, { industryId, actorUserId: adminId, entity: 'industry', entityId: industryId, action: 'create', to: input });
      return made;
    })
    .catch((err: unknown) => {
      const constraint = uniqueViolation(err);
      if (constraint === 'users_email') {
        throw conflict('ownerEmail', 'Another account already uses this email.');
      }
      if (constraint === 'users_mobile') {
        throw conflict('ownerMobile', 'Another account already uses this mobile number.');
      }
      throw err;
    });
}

/** The admin corrects a shipper's company name or GSTIN; the change is audited with both versions. */
export async function updateShipper(db: Db, adminId: number, id: number, input: ShipperUpdateParsed, expected?: Date): Promise<Shipper> {
  await db.transaction(async (tx) => {
    await lockShipper(tx, id, expected);
    const before = await shipperCompany(tx, id);
    if (!before) {
      throw notFound('Shipper');
    }
    const after = { name: input.company, gstin: input.gstin ?? null };
    await setShipperCompany(tx, id, after);
    await writeAudit(tx, {
      industryId: id,
      actorUserId: adminId,
      entity: 'industry',
      entityId: id,
      action: 'update',
      from: before,
      to: after,
    });
  });
  return shipperResource.mustFind(db, 0, id);
}
