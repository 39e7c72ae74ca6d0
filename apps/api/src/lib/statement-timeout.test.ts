import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, PG_TIMEOUTS, REPORT_TIMEOUTS } from '../db/client.ts';
import { createTestDatabase, TEST_DB_KIND } from '../test/harness.ts';

/**
 * PostgreSQL stops a statement at its statement timeout (db/client.ts), so one heavy search cannot
 * hold a pooled connection others need; the caller hears 503 with Retry-After, not a 500. PGlite,
 * one connection in the process, has no statement timeout: this runs in the PostgreSQL pass.
 */
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  if (TEST_DB_KIND !== 'postgres') {
    return;
  }
  const created = await createTestDatabase();
  database = created.database;
  drop = created.drop;
  await database.migrate();
  app = await buildApp({ database, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
  app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
    await database.db.execute(sql`select pg_sleep(3)`);
    return { data: 'never' };
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await drop?.();
});

describe.skipIf(TEST_DB_KIND !== 'postgres')('statement timeout', () => {
  it('answers a statement PostgreSQL stopped with 503 QUERY_TIMEOUT and Retry-After, and serves the next call', async () => {
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/test/slow' });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().error.code).toBe('QUERY_TIMEOUT');
    expect(res.headers['retry-after']).toBeDefined();
    expect(Date.now() - started).toBeLessThan(2500);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('lets a report statement run past the API timeout on the reports pool, which holds its own few connections', async () => {
    const slow = (await database.reports.execute(
      sql`select pg_sleep(2), current_setting('statement_timeout') as timeout, current_setting('work_mem') as "workMem"`,
    )) as unknown as { rows: { timeout: string; workMem: string }[] };
    expect(slow.rows[0]).toEqual(
      expect.objectContaining({ timeout: `${REPORT_TIMEOUTS.statement / 1000}s`, workMem: REPORT_TIMEOUTS.workMem }),
    );
    const api = (await database.db.execute(sql`select current_setting('statement_timeout') as timeout`)) as unknown as {
      rows: { timeout: string }[];
    };
    expect(api.rows[0]?.timeout).toBe(`${PG_TIMEOUTS.statement}ms`);
    // The reports pool is full with its connections busy; the API's calls are still served.
    const busy = Array.from({ length: REPORT_TIMEOUTS.connections }, () => database.reports.execute(sql`select pg_sleep(1)`));
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await Promise.all(busy);
  });
});
