import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../../db/client.ts';
import { dropLeftOverScratch, scratchRows } from './scratch-rows.ts';

let database: Database;
const scratchTables = async () =>
  (
    (await database.db.execute(sql`select tablename from pg_tables where tablename like 'export_rows_%' order by 1`)) as unknown as {
      rows: { tablename: string }[];
    }
  ).rows.map((r) => r.tablename);

beforeAll(async () => {
  database = await openPglite('memory://');
});
afterAll(async () => {
  await database.close();
});

describe('scratch rows', () => {
  it('reads a query’s rows once, in its order, in batches of the size asked, and drops its table', async () => {
    const query = sql`select g as "n", 'row ' || g as "label" from generate_series(1, 23) g order by g desc`;
    const batches: number[][] = [];
    for await (const rows of scratchRows(database.db, query, 10)) {
      batches.push(rows.map((r) => Number(r.n)));
    }
    expect(batches.map((b) => b.length)).toEqual([10, 10, 3]);
    expect(batches.flat()).toEqual(Array.from({ length: 23 }, (_, i) => 23 - i));
    expect(await scratchTables()).toEqual([]);
  });

  it('drops its table when the reader stops early (an export stopped)', async () => {
    for await (const rows of scratchRows(database.db, sql`select g from generate_series(1, 50) g`, 5)) {
      expect(rows).toHaveLength(5);
      break;
    }
    expect(await scratchTables()).toEqual([]);
  });

  it('housekeeping drops the tables a stopped process left over an hour ago, not a running export’s', async () => {
    const now = Date.now();
    const old = `export_rows_${Math.floor(now / 1000) - 7200}_aaaa`;
    const running = `export_rows_${Math.floor(now / 1000) - 60}_bbbb`;
    for (const name of [old, running]) {
      await database.db.execute(sql`create unlogged table ${sql.identifier(name)} (n int)`);
    }
    expect(await dropLeftOverScratch(database.db, now)).toBe(1);
    expect(await scratchTables()).toEqual([running]);
  });
});
