import type { PlatformBilling } from '@freightdesk/shared/schemas/plan-billing';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import { readPlatformBilling, writePlatformBilling } from '../../repositories/platform-billing.repository.ts';

/** The platform's bank and tax details (null until the admin sets them). */
export async function platformBilling(db: Db): Promise<PlatformBilling | null> {
  return readPlatformBilling(db);
}

/** The admin sets them, in one transaction with the request's idempotency key and an audit entry. */
export async function setPlatformBilling(db: Db, adminId: number, value: PlatformBilling): Promise<PlatformBilling> {
  await db.transaction(async (tx) => {
    const before = await readPlatformBilling(tx);
    await writePlatformBilling(tx, value);
    await writeAudit(tx, {
      industryId: null,
      actorUserId: adminId,
      entity: 'platform-billing',
      entityId: 0,
      action: 'update',
      from: before,
      to: value,
    });
  });
  return value;
}
