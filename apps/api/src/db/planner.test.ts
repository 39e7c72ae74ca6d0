import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestApp } from '../test/harness.ts';
import { PG_CONNECTION_LIFETIME_SECONDS, RANDOM_PAGE_COST } from './client.ts';

/**
 * The app's statements are planned for data in memory or on SSD (db/client.ts, RANDOM_PAGE_COST):
 * on PGlite and on PostgreSQL's main pool. PostgreSQL's reports pool keeps the server's setting.
 */
const t = useTestApp();
const setting = async (db: typeof t.database.db) =>
  ((await db.execute(sql`select current_setting('random_page_cost') as v`)) as unknown as { rows: { v: string }[] }).rows[0]?.v;

describe('the planner’s page cost', () => {
  it('is the app’s on every connection of its pool', async () => {
    const seen = await Promise.all(Array.from({ length: 12 }, () => setting(t.database.db)));
    expect(seen).toEqual(Array.from({ length: 12 }, () => RANDOM_PAGE_COST));
    expect(RANDOM_PAGE_COST).not.toBe('4');
  });

  it.runIf(TEST_DB_KIND === 'postgres')('is the server’s own on the reports pool', async () => {
    const server = await setting(t.database.reports);
    expect(server).toBeDefined();
    expect(server).not.toBe(RANDOM_PAGE_COST);
  });
});

/**
 * A pooled PostgreSQL connection keeps the named statements it prepared (one per list shape,
 * repositories/common/prepared.ts) until it closes; the pool closes each after a lifetime, which bounds that set.
 */
describe.runIf(TEST_DB_KIND === 'postgres')('the PostgreSQL pools', () => {
  it('close a connection after its lifetime, the main pool and the reports pool alike', () => {
    for (const db of [t.database.db, t.database.reports]) {
      const pool = (db as unknown as { $client: { options: { maxLifetimeSeconds?: number } } }).$client;
      expect(pool.options.maxLifetimeSeconds).toBe(PG_CONNECTION_LIFETIME_SECONDS);
    }
    expect(PG_CONNECTION_LIFETIME_SECONDS).toBeGreaterThan(0);
  });
});
