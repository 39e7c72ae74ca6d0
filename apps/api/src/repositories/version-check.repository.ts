import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import type { VersionedTable } from '../lib/version-check.ts';

/** The row's id and version, locked for the rest of the transaction (lib/version-check.ts); undefined when none matches. */
export async function lockedVersionRow(tx: DbOrTx, table: VersionedTable, where: SQL | undefined) {
  const [row] = await tx.select({ id: table.id, updatedAt: table.updatedAt }).from(table).where(where).for('update');
  return row;
}
