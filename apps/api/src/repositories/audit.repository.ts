import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
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

/** The newest audit row of a record: who (null for the system) and when. One indexed lookup. */
export async function lastChange(tx: DbOrTx, entity: string, id: number): Promise<{ by: string | null; at: Date } | undefined> {
  const [row] = await tx
    .select({ at: auditLog.at, by: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row ? { by: row.by ?? null, at: row.at instanceof Date ? row.at : new Date(String(row.at)) } : undefined;
}
