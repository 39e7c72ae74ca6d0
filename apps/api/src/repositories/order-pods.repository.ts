import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Pod } from '@freightdesk/shared/schemas/pod';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { documents } from '../db/schema/documents.ts';
import { pods } from '../db/schema/execution.ts';

/**
 * The statements of an order's proof of delivery (issue 32). Callers reach the order through the
 * policy's rule first (read within the viewer's scope, or locked for a change).
 */

const submitter = alias(users, 'pod_submitter');
const decider = alias(users, 'pod_decider');

export type PodRow = typeof pods.$inferSelect;

/** Every version of the order's proof of delivery (or inbound receipt), newest first. */
export const podsQuery = (db: DbOrTx, orderId: number) =>
  db
    .select({
      pod: pods,
      fileName: documents.fileName,
      submittedByName: submitter.name,
      decidedByName: decider.name,
    })
    .from(pods)
    .leftJoin(documents, eq(documents.id, pods.documentId))
    .leftJoin(submitter, eq(submitter.id, pods.submittedBy))
    .leftJoin(decider, eq(decider.id, pods.decidedBy))
    .where(eq(pods.orderId, orderId))
    .orderBy(desc(pods.version));

/** Every version of the order's proof of delivery, as the order's page shows them. */
export async function listPods(db: DbOrTx, orderId: number): Promise<Pod[]> {
  const rows = await podsQuery(db, orderId);
  return rows.map(({ pod: p, fileName, submittedByName, decidedByName }) => ({
    id: p.id,
    version: p.version,
    status: p.status,
    deliveredAt: p.deliveredAt.toISOString(),
    receiverName: p.receiverName,
    receiverMobile: p.receiverMobile,
    shortageQty: p.shortageQty,
    damageQty: p.damageQty,
    remarks: p.remarks,
    hasIssue: p.shortageQty > 0 || p.damageQty > 0,
    documentId: p.documentId,
    fileName: fileName ?? null,
    submittedByName: submittedByName ?? null,
    submittedAt: p.createdAt.toISOString(),
    decidedByName: decidedByName ?? null,
    decidedAt: p.decidedAt?.toISOString() ?? null,
    decisionReason: p.decisionReason,
  }));
}

/** Writes the next version of the order's POD (1 for the first). */
export async function insertPod(
  tx: DbOrTx,
  row: { id: number; industryId: number },
  pod: Omit<typeof pods.$inferInsert, 'id' | 'orderId' | 'industryId' | 'version'>,
): Promise<number> {
  const [last] = await tx
    .select({ version: sql<number>`coalesce(max(${pods.version}), 0)`.mapWith(Number) })
    .from(pods)
    .where(eq(pods.orderId, row.id));
  const version = (last?.version ?? 0) + 1;
  await tx.insert(pods).values({ ...pod, orderId: row.id, industryId: row.industryId, version });
  return version;
}

/** The order's latest POD version, if any. */
export async function latestPod(tx: DbOrTx, orderId: number): Promise<PodRow | undefined> {
  const [latest] = await tx.select().from(pods).where(eq(pods.orderId, orderId)).orderBy(desc(pods.version)).limit(1);
  return latest;
}

/** Records the shipper's decision on a POD version. */
export async function decidePodRow(tx: DbOrTx, podId: number, decision: { accept: boolean; by: number; reason: string | null }) {
  await tx
    .update(pods)
    .set({
      status: decision.accept ? 'accepted' : 'rejected',
      decidedBy: decision.by,
      decidedAt: new Date(),
      decisionReason: decision.reason,
    })
    .where(eq(pods.id, podId));
}
