import { ident, type Runner } from './runner.ts';

/** A table's row count and checksum, as one statement computes them on either database. */
export type TableSum = { table: string; rows: number; checksum: string };

/**
 * The rows' count and the sum of a 60-bit hash (the first 15 hex digits of md5) of each row's text,
 * its columns taken by name (so a column's place in the table does not matter) under the stable
 * text settings of runner.ts. A sum rather than an md5 of the rows in key order: one pass over the
 * table, no sort and no string the size of the table, and any changed, lost or added row moves it.
 */
export async function tableChecksum(db: Runner, table: { qualified: string; columns: { name: string }[] }): Promise<TableSum> {
  const row = `row(${table.columns.map((c) => `t.${ident(c.name)}`).join(', ')})::text`;
  const [answer] = await db.query<{ rows: string; checksum: string }>(
    `select count(*)::text as rows, coalesce(sum(('x' || substr(md5(${row}), 1, 15))::bit(60)::bigint), 0)::text as checksum
     from ${table.qualified} t`,
  );
  return { table: table.qualified, rows: Number(answer?.rows ?? 0), checksum: answer?.checksum ?? '0' };
}

/** Every given table's sum, one after the other. */
export async function checksums(db: Runner, tables: { qualified: string; columns: { name: string }[] }[]): Promise<TableSum[]> {
  const out: TableSum[] = [];
  for (const table of tables) {
    out.push(await tableChecksum(db, table));
  }
  return out;
}
