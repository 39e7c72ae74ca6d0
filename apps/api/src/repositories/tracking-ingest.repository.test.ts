import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { createTestDatabase } from '../test/harness.ts';
import { expectReviewed, toQuery } from '../test/review-sql.ts';
import { deviceRoutesStatement } from './tracking-ingest.repository.ts';

/** The ingest's statements, reviewed in queries/tracking-ingest.sql (test/review-sql.ts). */
describe('tracking ingest repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('tracking-ingest', [['deviceRoutes (two keys)', deviceRoutesStatement(['359710049012345', 'a1b2c3'])]]);
  });
});

type PlanNode = { 'Relation Name'?: string; 'Index Cond'?: string; Filter?: string; Plans?: PlanNode[] };

/** Every node of a plan that reads `table`. */
function scansOf(node: PlanNode, table: string): PlanNode[] {
  const own = node['Relation Name'] === table ? [node] : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => scansOf(child, table))];
}

/**
 * The route lookup reads each device's trip by the device, whatever the statistics say: planned
 * as a join over every active trip, it built a fleet's 1,000 trips to answer three devices
 * (15-40 ms a lookup on PostgreSQL, most of its work at 500 positions/s). Here the tables are as
 * migrated, never analysed: the statistics a fleet put on its trips minutes ago looks like.
 */
describe('device route lookup plan', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(async () => drop());

  it("reads the active trip by the device's id, never every active trip", async () => {
    const q = toQuery(deviceRoutesStatement(['a', 'b', 'c']));
    const explained = rowsOf<Record<string, unknown>>(
      await database.db.execute(sql.raw(`explain (format json) ${q.sql.replace('$1', `'{a,b,c}'`)}`)),
    );
    const raw = Object.values(explained[0] ?? {})[0];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    const trips = scansOf(plan[0]?.Plan as PlanNode, 'order_tracking');
    expect(trips.length).toBe(1);
    expect(`${trips[0]?.['Index Cond'] ?? ''} ${trips[0]?.Filter ?? ''}`).toMatch(/device_id = d\.id/);
  });
});
