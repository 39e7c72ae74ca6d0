import { and, eq } from 'drizzle-orm';
import type { RequestInputParsed } from '@freightdesk/shared/schemas/request';
import type { DbOrTx } from '../db/client.ts';
import { requestDropoffs, requestInviteGroups, requestInvites, transportRequests } from '../db/schema/requests.ts';
import { lockVersion } from '../lib/version-check.ts';
import { type RequestActor, requestScope } from './request-rows.repository.ts';

/**
 * The statements of creating and editing a transport request (issue 32): the row and its
 * drop-offs and invitations, within the shipper's tenant (a staff user's plants for an edit).
 */

const r = transportRequests;

/** Inserts a request; its id. */
export async function insertRequestRow(tx: DbOrTx, values: typeof r.$inferInsert): Promise<number> {
  const [row] = await tx.insert(r).values(values).returning({ id: r.id });
  return row?.id ?? 0;
}

/** Writes the request's columns. */
export async function updateRequestRow(tx: DbOrTx, industryId: number, id: number, values: Partial<typeof r.$inferInsert>): Promise<void> {
  await tx
    .update(r)
    .set(values)
    .where(and(eq(r.industryId, industryId), eq(r.id, id)));
}

/** The shipper's request of the direction within the actor's staff scope. */
export const editableRequest = (actor: RequestActor, requestType: 1 | 2, id: number) =>
  and(eq(r.industryId, actor.industryId), eq(r.id, id), eq(r.requestType, requestType), requestScope(actor));

/**
 * Locks the shipper's request of the direction within the actor's staff scope, checking it was not
 * saved since `expected` (If-Match; 412 when it was). A request outside the scope is left to the read after it (404).
 */
export async function lockRequestVersion(tx: DbOrTx, actor: RequestActor, requestType: 1 | 2, id: number, expected?: Date): Promise<void> {
  const where = editableRequest(actor, requestType, id);
  await lockVersion(tx, { table: r, where, expected, label: 'request', entity: 'request' });
}

/** Writes the request's drop-offs and invitations, replacing what it had. */
export async function writeChildren(tx: DbOrTx, requestId: number, input: RequestInputParsed) {
  await tx.delete(requestDropoffs).where(eq(requestDropoffs.requestId, requestId));
  await tx.delete(requestInvites).where(eq(requestInvites.requestId, requestId));
  await tx.delete(requestInviteGroups).where(eq(requestInviteGroups.requestId, requestId));
  if (input.dropoffs.length) {
    await tx
      .insert(requestDropoffs)
      .values(input.dropoffs.map((d, seq) => ({ requestId, seq, addressId: d.addressId ?? null, stopId: d.stopId ?? null })));
  }
  if (input.carrierLinkIds.length) {
    await tx.insert(requestInvites).values(input.carrierLinkIds.map((industryCarrierId) => ({ requestId, industryCarrierId })));
  }
  if (input.groupIds.length) {
    await tx.insert(requestInviteGroups).values(input.groupIds.map((groupId) => ({ requestId, groupId })));
  }
}
