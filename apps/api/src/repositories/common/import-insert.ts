import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { batches } from '../../lib/import.ts';

/** Rows per statement: one array per column, so the statement's size does not grow the build time. */
const ROWS_PER_STATEMENT = 250;

/**
 * Inserts many rows of `table` and answers their new ids, in the rows' order. Each statement
 * passes one array parameter per column (`insert … select … from unnest($1::text[], …)`): Drizzle's
 * multi-row `values()` takes about 10 µs of the event loop per value to build, 1.5 s for a
 * 10,000-row import while every other user waits; this takes a few milliseconds. `keys` are the
 * columns to fill (the others take their defaults); the table needs a serial `id`.
 */
export async function insertRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  keys: (keyof T['$inferInsert'] & string)[],
  rows: T['$inferInsert'][],
): Promise<number[]> {
  const columns = getTableColumns(table);
  const targets = keys.map((key) => {
    const column = columns[key];
    if (!column) {
      throw new Error(`insertRows: ${key} is not a column`);
    }
    return column;
  });
  const ids: number[] = [];
  for (const part of batches(rows, ROWS_PER_STATEMENT)) {
    const values = part as Record<string, unknown>[];
    const arrays = targets.map(
      (column, i) => sql`${sql.param(values.map((r) => r[keys[i] ?? ''] ?? null))}::${sql.raw(column.getSQLType())}[]`,
    );
    const names = targets.map((column) => sql.identifier(column.name));
    const aliases = targets.map((_, i) => sql.raw(`c${i}`));
    // `with ordinality … order by ord`: the rows go in (and come back) in the order given.
    const result = (await db.execute(sql`
      insert into ${table} (${sql.join(names, sql`, `)})
      select ${sql.join(aliases, sql`, `)}
      from unnest(${sql.join(arrays, sql`, `)}) with ordinality as u(${sql.join(aliases, sql`, `)}, ord)
      order by ord
      returning id`)) as unknown as { rows: { id: number }[] };
    if (result.rows.length !== part.length) {
      throw new Error(`insertRows: ${part.length} rows sent, ${result.rows.length} inserted`);
    }
    ids.push(...result.rows.map((r) => Number(r.id)));
    // PGlite answers without giving the event loop a turn: statement after statement would hold it.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return ids;
}
