import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { RequestStatus } from '@freightdesk/shared/status/request';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { transportRequests } from '../db/schema/requests.ts';
import { ruleColumn } from './request-rules.repository.ts';

/**
 * The statements of a request's lifecycle moves (issue 32): the shipper's move (the request read
 * within its scope first) and the bid window's jobs.
 */

const r = transportRequests;

/** The shipper's request moves to `to`. */
export async function setRequestStatus(tx: DbOrTx, industryId: number, id: number, to: RequestStatus): Promise<void> {
  await tx
    .update(r)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(r.industryId, industryId), eq(r.id, id)));
}

/** The request moves from `from` to `to` if it is still `from`: what moved, if anything. */
export async function moveRequestFrom(tx: DbOrTx, id: number, from: RequestStatus, to: RequestStatus) {
  const [moved] = await tx
    .update(r)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(r.id, id), eq(r.status, from)))
    .returning({
      id: r.id,
      industryId: r.industryId,
      requestType: r.requestType,
      plantId: r.plantId,
      bidEndAt: r.bidEndAt,
      number: r.number,
    });
  return moved;
}

/** The statement of the shipper's award window for a plant (hours). */
export const awardWindowStatement = (industryId: number, plantId: number): SQL =>
  sql`select ${ruleColumn('award_window_hours', industryId, plantId)} as hours`;

/** The shipper's award window for a plant (hours), if it set one. */
export async function awardWindowHours(tx: DbOrTx, industryId: number, plantId: number): Promise<number | null | undefined> {
  const [rule] = rowsOf<{ hours: number | null }>(await tx.execute(awardWindowStatement(industryId, plantId)));
  return rule?.hours;
}
