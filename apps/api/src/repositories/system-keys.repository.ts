import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { systemKeys } from '../db/schema/system.ts';

/**
 * A platform-wide generated key kept in `system_keys`, so every API process uses the same one:
 * each process races to insert its own, the first insert wins and all read that one.
 */
export async function systemKey<T>(db: DbOrTx, name: string, generate: () => T): Promise<T> {
  await db.insert(systemKeys).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await db.select({ value: systemKeys.value }).from(systemKeys).where(eq(systemKeys.name, name));
  if (!row) {
    throw new Error(`the key ${name} is missing from system_keys`);
  }
  return row.value as T;
}
