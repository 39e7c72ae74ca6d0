import type { TableInfo } from './catalog.ts';
import { ident, type Runner } from './runner.ts';

/** Rows read and written per statement: a batch's JSON stays a few megabytes at most. */
export const COPY_BATCH = 2000;

/**
 * Copies one table from `source` to `target` in batches read by key (keyset: each batch starts
 * after the last key of the one before, so no batch rescans what was copied). A batch travels as
 * the rows' JSON (row_to_json on the source, json_populate_recordset on the target): PostgreSQL's
 * own text of every value, so times keep their microseconds, numbers their digits and JSON columns
 * their content. Stored generated columns are left for the target to compute; identity columns take
 * the source's values (OVERRIDING SYSTEM VALUE). Answers the rows copied.
 */
export async function copyTable(
  source: Runner,
  target: Runner,
  table: TableInfo,
  onBatch: (copied: number) => void,
  batch = COPY_BATCH,
): Promise<number> {
  const read = readStatement(table, batch);
  const write = writeStatement(table);
  let after: string[] | null = null;
  let copied = 0;
  for (;;) {
    const rows: Record<string, string>[] = await source.query<Record<string, string>>(after ? read.next : read.first, after ?? []);
    if (rows.length === 0) {
      return copied;
    }
    await target.query(write, [`[${rows.map((r) => r.j).join(',')}]`]);
    copied += rows.length;
    onBatch(copied);
    const last = rows[rows.length - 1] ?? {};
    after = keyOf(table).map((_, i) => String(last[`k${i}`]));
    if (rows.length < batch) {
      return copied;
    }
  }
}

/** The first batch, and the next one after a key (given as text, cast back to the key's types). */
function readStatement(table: TableInfo, batch: number): { first: string; next: string } {
  const key = keyOf(table);
  const keys = key.map((k) => `t.${ident(k.name)}`);
  const select = `select row_to_json(t)::text as j, ${keys.map((k, i) => `${k}::text as k${i}`).join(', ')} from ${table.qualified} t`;
  const order = `order by ${keys.join(', ')} limit ${batch}`;
  const after = `(${keys.join(', ')}) > (${key.map((k, i) => `$${i + 1}::${k.type}`).join(', ')})`;
  return { first: `${select} ${order}`, next: `${select} where ${after} ${order}` };
}

/**
 * The primary key; a table without one (a link table such as rfq_invites) is read in the order of
 * its rows' places (ctid), which hold still while the source is only read.
 */
const keyOf = (table: TableInfo) => (table.key.length > 0 ? table.key : [{ name: 'ctid', type: 'tid' }]);

function writeStatement(table: TableInfo): string {
  const columns = table.columns.filter((c) => !c.generated).map((c) => ident(c.name));
  return `insert into ${table.qualified} (${columns.join(', ')}) overriding system value
    select ${columns.join(', ')} from json_populate_recordset(null::${table.qualified}, $1::json)`;
}
