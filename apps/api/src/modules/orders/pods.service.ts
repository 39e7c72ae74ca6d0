import type { PodFieldsParsed } from '@freightdesk/shared/schemas/pod';
import type { Order } from '@freightdesk/shared/schemas/order';
import { orderDirection, orderStatusLabel } from '@freightdesk/shared/status/order';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { recordOrderEvent } from '../../lib/webhook-emits.ts';
import type { Direction, Viewer } from '../../lib/policy.ts';
import type { ReceivedFile } from '../documents/document-upload.ts';
import { recordDocument } from '../documents/documents.service.ts';
import { momentOf } from './move-times.ts';
import { noticeOrder } from './carrier-moves.service.ts';
import { tellOrderParties } from './order-notices.ts';
import { assertMove, moveOrder } from './orders.service.ts';
import { lockOrderToChange } from '../../repositories/order-moves.repository.ts';
import { decidePodRow, insertPod, latestPod } from '../../repositories/order-pods.repository.ts';
import { carrierOrder, orderById } from '../../repositories/orders.repository.ts';

export { listPods } from '../../repositories/order-pods.repository.ts';

/** "3 short, 1 damaged" (empty when neither). */
export function issueText(p: { shortageQty: number; damageQty: number }): string {
  return [p.shortageQty > 0 ? `${p.shortageQty} short` : '', p.damageQty > 0 ? `${p.damageQty} damaged` : ''].filter(Boolean).join(', ');
}

/**
 * The carrier delivers an outbound order with its proof of delivery: the file (stored already; an
 * order document of kind 'pod'), the receiver, when (not in the future, not before gate out), and
 * any shortage or damage. The POD version, the document and the move to delivered commit together;
 * on any refusal the stored file is removed. The shipper's users are told to review it. `by`: who
 * delivered for the carrier (the driver through the trip link), named on the timeline.
 */
export async function submitPod(
  db: Db,
  storage: Storage,
  user: Viewer,
  orderId: number,
  fields: PodFieldsParsed,
  file: ReceivedFile,
  by?: string,
): Promise<Order> {
  try {
    await db.transaction(async (tx) => {
      const row = await lockOrderToChange(tx, user, orderId);
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
        reason: `POD v${version}: received by ${fields.receiverName}${issue ? ` · ${issue}` : ''}${by ? ` (${by})` : ''}`,
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
    const row = await lockOrderToChange(tx, user, orderId, direction);
    const to = decision.accept ? 'closed' : 'arrived';
    const latest = await latestPod(tx, row.id);
    // Only a delivered order has a POD waiting (in transit → arrived is the carrier's move, not a decision).
    if (row.status !== 'delivered' || !latest || latest.status !== 'submitted') {
      const now = orderStatusLabel(row.status, orderDirection(row.requestType));
      const what = decision.accept ? 'accept' : 'send back';
      throw new AppError(409, 'INVALID_TRANSITION', `There is no proof of delivery to ${what}: this order is ${now}.`);
    }
    assertMove(row, to);
    const why = decision.accept ? (decision.remarks ?? null) : decision.reason;
    await decidePodRow(tx, latest.id, { accept: decision.accept, by: user.id, reason: why });
    const pod = `POD v${latest.version}`;
    await moveOrder(tx, row.id, row.status, to, user.id, {
      reason: decision.accept ? `${pod} accepted${why ? `: ${why}` : ''}` : `${pod} sent back: ${decision.reason}`,
    });
    if (decision.accept) {
      await recordOrderEvent(tx, 'order.pod_approved', row.id);
    }
    const notice = decision.accept
      ? { title: 'POD accepted', msg: `${row.number} is closed: its proof of delivery was accepted.` }
      : { title: 'POD rejected', msg: `The POD of ${row.number} was sent back: ${decision.reason}. Submit it again.` };
    await tellOrderParties(tx, noticeOrder(row), notice, user.id);
  });
  return orderById(db, industryId, direction, orderId);
}
