import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { TEST_DB_KIND } from '../../test/harness.ts';
import { openPostgres } from '../client.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { demoDataDir, emptyPostgres } from '../../test/move-fixtures.ts';
import { MoveRefused, type MoveResult, moveToPostgres } from './move.ts';
import { pgRunner } from './runner.ts';
import { compareTables } from './verify.ts';
import { listTables } from './catalog.ts';

// The move needs a PostgreSQL server: it belongs to the PostgreSQL pass (where the harness
// requires TEST_DATABASE_URL), and runs on the embedded demo database as `npm start` makes it.
describe.runIf(TEST_DB_KIND === 'postgres')('npm run migrate-to-postgres on the demo database', () => {
  let source: Awaited<ReturnType<typeof demoDataDir>>;
  let target: Awaited<ReturnType<typeof emptyPostgres>>;
  let result: MoveResult;
  const lines: string[] = [];

  beforeAll(async () => {
    source = await demoDataDir();
    target = await emptyPostgres();
    result = await moveToPostgres({ from: source.dir, to: target.url, log: (l) => lines.push(l) });
  }, 240_000);
  afterAll(async () => {
    await target?.drop();
    source?.remove();
  });

  it('copies every table with equal counts and checksums, and the sequences past their columns', async () => {
    expect(result.ok).toBe(true);
    const byName = new Map(result.tables.map((t) => [t.table, t]));
    for (const table of [
      '"public"."orders"',
      '"public"."users"',
      '"public"."positions"',
      '"public"."invoices"',
      '"drizzle"."__drizzle_migrations"',
    ]) {
      expect(byName.get(table)?.source.rows, table).toBeGreaterThan(0);
    }
    expect(result.tables.length).toBeGreaterThan(90);
    for (const t of result.tables) {
      expect([t.table, t.target.rows, t.target.checksum]).toEqual([t.table, t.source.rows, t.source.checksum]);
    }
    expect(result.sequences.length).toBeGreaterThan(50);
    expect(result.sequences.filter((s) => !s.ok)).toEqual([]);
    expect(lines.some((l) => /orders: \d+ rows/.test(l))).toBe(true);
  });

  it('takes a new row after the move with a number past every copied one', async () => {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows: before } = await client.query('select max(id)::int as max from industries');
      const { rows } = await client.query("insert into industries (name) values ('After the move') returning id");
      expect(rows[0].id).toBeGreaterThan(before[0].max);
      await client.query('delete from industries where id = $1', [rows[0].id]);
    } finally {
      await client.end();
    }
  });

  it('serves the demo users from the moved database', async () => {
    const database = await openPostgres(target.url);
    const app = await buildApp({
      database,
      config: loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://freightdesk.test' }),
      logger: false,
    });
    try {
      const login = async (email: string) => {
        const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: email, password: DEMO_PASSWORD } });
        expect(res.statusCode, res.body).toBe(200);
        return { authorization: `Bearer ${res.json().data.token}` };
      };
      const orders = await app.inject({ method: 'GET', url: '/api/orders/outbound', headers: await login('owner@demo.test') });
      expect(orders.statusCode, orders.body).toBe(200);
      expect(orders.json().data.length).toBeGreaterThan(0);
      const carrier = await app.inject({ method: 'GET', url: '/api/carrier/orders', headers: await login('carrier@demo.test') });
      expect(carrier.statusCode, carrier.body).toBe(200);
      expect(carrier.json().data.length).toBeGreaterThan(0);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('refuses a target that is not empty, changing nothing', async () => {
    await expect(moveToPostgres({ from: source.dir, to: target.url, log: () => undefined })).rejects.toThrow(MoveRefused);
    await expect(moveToPostgres({ from: source.dir, to: target.url, log: () => undefined })).rejects.toThrow(/not empty/);
  });

  it('sees a changed row in the checksum', async () => {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const runner = await pgRunner(client);
      const users = (await listTables(runner)).filter((t) => t.name === 'users');
      expect(users.length).toBe(1);
      const [equal] = await compareTables(runner, runner, users);
      await client.query("update users set name = name || '.' where email = 'owner@demo.test'");
      const { rows } = await client.query('select count(*)::int as n from users');
      expect(rows[0].n).toBe(equal?.source.rows);
      const { tableChecksum } = await import('./checksum.ts');
      const after = await tableChecksum(runner, users[0] ?? { qualified: '', columns: [] });
      expect(after.rows).toBe(equal?.source.rows);
      expect(after.checksum).not.toBe(equal?.source.checksum);
    } finally {
      await client.end();
    }
  });
});
