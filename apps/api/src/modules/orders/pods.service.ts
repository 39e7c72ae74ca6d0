import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Pod, PodFieldsParsed } from '@freightdesk/shared/schemas/execution';
import type { Order } from '@freightdesk/shared/schemas/order';
import { orderDirection, orderStatusLabel } from '@freightdesk/shared/status/order';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { documents } from '../../db/schema/documents.ts';
import { pods } from '../../db/schema/execution.ts';
import { AppError } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { type Direction, ordersFor, type Viewer } from '../../lib/policy.ts';
import type { ReceivedFile } from '../documents/document-upload.ts';
import { recordDocument } from '../documents/documents.service.ts';
import { momentOf } from './move-times.ts';
import { noticeOrder } from './carrier-moves.service.ts';
import { tellOrderParties } from './order-notices.ts';
import { carrierOrder, orderResources } from './order-resource.ts';
import { assertMove, type LockedOrder, lockOrder, moveOrder } from './orders.service.ts';

const submitter = alias(users, 'pod_submitter');
const decider = alias(users, 'pod_decider');

/** Every version of the order's proof of delivery (or inbound receipt), newest first. */
export async function listPods(db: DbOrTx, orderId: number): Promise<Pod[]> {
  const rows = await db
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

/** "3 short, 1 damaged" (empty when neither). */
export function issueText(p: { shortageQty: number; damageQty: number }): string {
  return [p.shortageQty > 0 ? `${p.shortageQty} short` : '', p.damageQty > 0 ? `${p.damageQty} damaged` : ''].filter(Boolean).join(', ');
}

/** Writes the next version of the order's POD (1 for the first). */
export async function insertPod(
  tx: DbOrTx,
  row: LockedOrder,
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

/**
 * The carrier delivers an outbound order with its proof of delivery: the file (stored already; an
 * order document of kind 'pod'), the receiver, when (not in the future, not before gate out), and
 * any shortage or damage. The POD version, the document and the move to delivered commit together;
 * on any refusal the stored file is removed. The shipper's users are told to review it.
 */
export async function submitPod(
  db: Db,
  storage: Storage,
  user: Viewer,
  orderId: number,
  fields: PodFieldsParsed,
  file: ReceivedFile,
): Promise<Order> {
  try {
    await db.transaction(async (tx) => {
      const row = await lockOrder(tx, orderId, ordersFor(user, 'change'));
      assertMove(row, 'delivered');
      const at = momentOf(fields.deliveredAt, 'deliveredAt', 'Delivered at', [{ at: row.gateOutAt, what: 'gate out' }]);
      const documentId = await recordDocument(
        tx,
        { ownerType: 'order', ownerId: row.id, industryId: row.industryId },
        { file, kind: 'pod' },
        { id: user.id, userType: user.userType },
      );
      const version = await insertPod(tx, row, {
        deliveredAt: at,
        receiverName: fields.receiverName,
        receiverMobile: fields.receiverMobile ?? null,
        shortageQty: fields.shortageQty,
        damageQty: fields.damageQty,
        remarks: fields.remarks ?? null,
        documentId,
        submittedBy: user.id,
      });
      const issue = issueText(fields);
      await moveOrder(tx, row.id, row.status, 'delivered', user.id, {
        at,
        reason: `POD v${version}: received by ${fields.receiverName}${issue ? ` · ${issue}` : ''}`,
      });
      await tellOrderParties(
        tx,
        noticeOrder(row),
        {
          title: 'POD to review',
          msg: `${row.number} is delivered (received by ${fields.receiverName})${issue ? `, ${issue}` : ''}. Review its proof of delivery.`,
        },
        user.id,
        { shipper: true },
      );
    });
  } catch (err) {
    await storage.delete(file.key).catch(() => undefined);
    throw err;
  }
  return carrierOrder(db, user, orderId);
}

export type PodDecision = { accept: true; remarks?: string } | { accept: false; reason: string };

/**
 * The shipper accepts the latest POD (the order closes) or sends it back with a reason (outbound
 * only: the order is arrived again and the carrier submits a new version; an inbound receipt is
 * the receiving gate's own record). Both sides are told; 409 when no POD waits (the order is not
 * delivered).
 */
export async function decidePod(db: Db, user: Viewer, industryId: number, direction: Direction, orderId: number, decision: PodDecision) {
  await db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId, ordersFor(user, 'change', direction));
    const to = decision.accept ? 'closed' : 'arrived';
    const [latest] = await tx.select().from(pods).where(eq(pods.orderId, row.id)).orderBy(desc(pods.version)).limit(1);
    // Only a delivered order has a POD waiting (in transit → arrived is the carrier's move, not a decision).
    if (row.status !== 'delivered' || !latest || latest.status !== 'submitted') {
      const now = orderStatusLabel(row.status, orderDirection(row.requestType));
      const what = decision.accept ? 'accept' : 'send back';
      throw new AppError(409, 'INVALID_TRANSITION', `There is no proof of delivery to ${what}: this order is ${now}.`);
    }
    assertMove(row, to);
    const why = decision.accept ? (decision.remarks ?? null) : decision.reason;
    await tx
      .update(pods)
      .set({ status: decision.accept ? 'accepted' : 'rejected', decidedBy: user.id, decidedAt: new Date(), decisionReason: why })
      .where(eq(pods.id, latest.id));
    const pod = `POD v${latest.version}`;
    await moveOrder(tx, row.id, row.status, to, user.id, {
      reason: decision.accept ? `${pod} accepted${why ? `: ${why}` : ''}` : `${pod} sent back: ${decision.reason}`,
    });
    const notice = decision.accept
      ? { title: 'POD accepted', msg: `${row.number} is closed: its proof of delivery was accepted.` }
      : { title: 'POD rejected', msg: `The POD of ${row.number} was sent back: ${decision.reason}. Submit it again.` };
    await tellOrderParties(tx, noticeOrder(row), notice, user.id);
  });
  return orderResources[direction].mustFind(db, industryId, orderId);
}
