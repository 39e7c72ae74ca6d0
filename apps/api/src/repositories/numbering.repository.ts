import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { counters } from '../db/schema/requests.ts';

/**
 * The shipper's next human number of a kind for the year (OB-2026-000123, ORD-2026-000045,
 * RFQ-2026-000007 …), counted in the caller's transaction so a rolled-back insert gives its
 * number back.
 */
export async function nextNumber(tx: DbOrTx, industryId: number, prefix: string, at: Date): Promise<string> {
  const name = `${prefix}-${at.getUTCFullYear()}`;
  const [row] = await tx
    .insert(counters)
    .values({ industryId, name, value: 1 })
    .onConflictDoUpdate({ target: [counters.industryId, counters.name], set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return `${name}-${String(row?.value ?? 1).padStart(6, '0')}`;
}
