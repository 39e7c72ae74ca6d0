import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/system.ts';

export type AuditEntry = {
  industryId: number | null;
  actorUserId: number | null;
  entity: string;
  entityId: number;
  action: string;
  from?: unknown;
  to?: unknown;
  reason?: string | null;
};

/** Writes one audit row; call it inside the transaction that makes the change. */
export async function writeAudit(db: DbOrTx, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    industryId: e.industryId,
    actorUserId: e.actorUserId,
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
    fromState: e.from ?? null,
    toState: e.to ?? null,
    reason: e.reason ?? null,
  });
}
