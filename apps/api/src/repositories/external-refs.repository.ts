import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { indents } from '../db/schema/indents.ts';
import { orders } from '../db/schema/orders.ts';
import { transportRequests } from '../db/schema/requests.ts';

/**
 * The ERP references of issue 34 (`external_ref`): which record of the company already holds a
 * reference, so a duplicate is answered with that record's id (the unique indexes
 * `*_external_ref`, per company where set, stay the last word).
 */

export type ExternalRefKind = 'order' | 'request' | 'indent';
export type ExternalRefHolder = { id: number; number: string };

const tables = { order: orders, request: transportRequests, indent: indents };

/** The statement finding the company's record of this kind holding `ref`, other than `exceptId`. */
export function externalRefHolderQuery(tx: DbOrTx, kind: ExternalRefKind, industryId: number, ref: string, exceptId?: number) {
  const t = tables[kind] as typeof orders;
  return tx
    .select({ id: t.id, number: t.number })
    .from(t)
    .where(and(eq(t.industryId, industryId), eq(t.externalRef, ref), exceptId === undefined ? undefined : ne(t.id, exceptId)))
    .limit(1);
}

/** The company's record of this kind holding the reference, if any. */
export async function externalRefHolder(
  tx: DbOrTx,
  kind: ExternalRefKind,
  industryId: number,
  ref: string,
  exceptId?: number,
): Promise<ExternalRefHolder | undefined> {
  const [row] = await externalRefHolderQuery(tx, kind, industryId, ref, exceptId);
  return row;
}
