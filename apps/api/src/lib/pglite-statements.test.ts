import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../db/client.ts';
import { PGLITE_STATEMENTS_KEPT } from './pglite-statements.ts';
import { reused, runNamed } from '../repositories/common/prepared.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * PGlite runs the lists' statements as named prepared statements (lib/pglite-statements.ts): the
 * same rows as its own unnamed `query`, parsed once, errors as PostgreSQL's, and never inside
 * another caller's open transaction.
 */
let database: Database;

beforeAll(async () => {
  database = await openPglite('memory://');
  await database.db.execute(sql`create table things (id int primary key, label text not null, seen timestamptz, flag boolean)`);
  await database.db.execute(sql`insert into things select g, 'thing ' || g, timestamptz '2026-11-28 10:00+05:30' + g * interval '1 minute',
    g % 2 = 0 from generate_series(1, 40) g`);
});
afterAll(async () => {
  await database.close();
});

const page = (ids: number[], after: string, label: string | null) =>
  database.db
    .select({
      id: sql<number>`id`,
      label: sql<string>`label`,
      seen: sql<string>`seen::text`,
      flag: sql<boolean>`flag`,
      note: sql<string | null>`${label}::text`,
    })
    .from(sql`things`)
    .where(sql`id = any(${sql.param(ids)}::int[]) and seen > ${after}::timestamptz`)
    .orderBy(sql`id`);

describe('named statements on PGlite', () => {
  it('answers the rows of the unnamed query, with arrays, times, booleans and nulls as values, and is prepared once', async () => {
    const ids = [3, 4, 17, 30, 41];
    for (const [after, label] of [
      ['2026-11-28 04:33:00+00', null],
      ['2026-11-28 10:10:00+05:30', 'x'],
    ] as const) {
      const named = await reused(page(ids, after, label));
      const plain = await page(ids, after, label);
      expect(named).toEqual(plain);
      expect(named.length).toBeGreaterThan(0);
    }
    const prepared = rowsOf<{ name: string; statement: string }>(
      await database.db.execute(sql`select name, statement from pg_prepared_statements where statement like '%from things%'`),
    );
    expect(prepared).toHaveLength(1);
    expect(prepared[0]?.name).toMatch(/^fd_/);
  });

  it('fails as PostgreSQL does and leaves the connection ready for the next statement', async () => {
    const divide = (by: number) =>
      database.db
        .select({ n: sql<number>`10 / ${by}::int` })
        .from(sql`things`)
        .limit(1);
    await expect(reused(divide(0))).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await reused(divide(5))).toEqual([{ n: 2 }]);
    await expect(
      runNamed(database.db, 'fd_test_insert', 'insert into things (id, label) values ($1, $2)', [1, 'again']),
    ).rejects.toMatchObject({
      code: '23505',
    });
    await runNamed(database.db, 'fd_test_insert', 'insert into things (id, label) values ($1, $2)', [41, 'new']);
    expect(rowsOf<{ label: string }>(await database.db.execute(sql`select label from things where id = 41`))).toEqual([{ label: 'new' }]);
  });

  it('waits for another caller’s open transaction instead of running inside it', async () => {
    const count = () => reused(database.db.select({ n: sql<number>`count(*)::int` }).from(sql`things`));
    const before = (await count())[0]?.n;
    let inside: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const tx = database.db
      .transaction(async (t) => {
        await t.execute(sql`insert into things (id, label) values (1000, 'uncommitted')`);
        inside();
        await new Promise((resolve) => setTimeout(resolve, 100));
        t.rollback();
      })
      .catch(() => undefined);
    await held;
    const during = await count();
    await tx;
    expect(during[0]?.n).toBe(before);
  });

  it('answers each of many concurrent calls with its own rows', async () => {
    const one = (id: number) => reused(database.db.select({ label: sql<string>`label` }).from(sql`things`).where(sql`id = ${id}`));
    const ids = Array.from({ length: 40 }, (_, i) => i + 1);
    const answers = await Promise.all(ids.map(one));
    expect(answers.map((a) => a[0]?.label)).toEqual(ids.map((id) => `thing ${id}`));
  });
});

describe('the statements PGlite keeps', () => {
  it(`keeps at most ${PGLITE_STATEMENTS_KEPT}, closing the least recently used, and prepares a closed one again when asked`, async () => {
    const kept = async () =>
      rowsOf<{ name: string }>(await database.db.execute(sql`select name from pg_prepared_statements where name like 'fd_kept_%'`)).map(
        (r) => r.name,
      );
    const run = (n: number) => runNamed(database.db, `fd_kept_${n}`, `select ${n}::int + $1::int as n`, [1]);
    await run(0);
    for (let n = 1; n <= PGLITE_STATEMENTS_KEPT + 10; n++) {
      await run(n);
      if (n === 20) {
        await run(0);
      }
    }
    const names = await kept();
    expect(
      rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from pg_prepared_statements`))[0]?.n,
    ).toBeLessThanOrEqual(PGLITE_STATEMENTS_KEPT);
    expect(names).toContain('fd_kept_0');
    expect(names).toContain(`fd_kept_${PGLITE_STATEMENTS_KEPT + 10}`);
    expect(names).not.toContain('fd_kept_1');
    await run(1);
    expect(await kept()).toContain('fd_kept_1');
  });
});
