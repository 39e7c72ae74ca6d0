import { count, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { migrateAndSeed } from '../../test/seed-database.ts';
import { indiaToday } from '../../lib/india-time.ts';
import type { Db } from '../client.ts';
import { orders } from '../schema/orders.ts';
import { seedDemoContracts } from './demo-contracts.ts';
import { seedDemoFreight } from './demo-freight.ts';
import { seedDemoTracking } from './demo-tracking.ts';
import { seedDemoMoney } from './demo-money.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rowsOf } from '../rows.ts';

/** India's clock on the day of the first failure: 24 Nov 2026 at `hours` (IST). */
const inIndia = (hours: number) => Date.UTC(2026, 10, 24, 0, 0) - 5.5 * 3_600_000 + hours * 3_600_000;

/**
 * The demo's trips read like a working plant's (demo-times.ts): every vehicle that left waited, loaded
 * and left in that order with a turnaround of at least half an hour, its e-way bill made before it
 * left; today's dispatch happened today, before now; the moves of every order run forwards in time (a
 * same-status row, such as a document added, is stamped when it was written). Every row is stamped by
 * the API's clock (repositories/order-events.repository.ts), which the faked time here moves on both databases.
 */
async function expectRealisticTimes(db: Db, now: number) {
  const left = rowsOf<{ reported: Date; gate_in: Date; gate_out: Date; turnaround: number; covered: boolean; bills: number }>(
    await db.execute(sql`
      select reported_at as "reported", gate_in_at as "gate_in", gate_out_at as "gate_out", turnaround_minutes as "turnaround",
        eway_covered as "covered", (select count(*)::int from eway_bills e where e.order_id = o.id) as "bills"
      from orders o where gate_out_at is not null`),
  );
  expect(left.length).toBeGreaterThanOrEqual(9);
  for (const o of left) {
    expect(new Date(o.reported).getTime()).toBeLessThan(new Date(o.gate_in).getTime());
    expect(new Date(o.gate_in).getTime()).toBeLessThan(new Date(o.gate_out).getTime());
    expect(new Date(o.gate_out).getTime()).toBeLessThanOrEqual(now);
    expect(o.bills).toBe(1);
    expect(o.covered).toBe(true);
  }
  // Today's dispatch (picked up at noon today) moved today; the others' turnarounds are realistic.
  const today = indiaToday(new Date(now));
  const dispatch = rowsOf<{ reported: Date }>(
    await db.execute(sql`select o.reported_at as "reported" from orders o join transport_requests r on r.id = o.request_id
      where r.remarks = 'Today''s dispatch to the Bhiwandi DC.' and o.reported_at is not null`),
  );
  expect(dispatch.length).toBe(4);
  for (const o of dispatch) {
    expect(indiaToday(new Date(o.reported))).toBe(today);
    expect(new Date(o.reported).getTime()).toBeLessThanOrEqual(now);
  }
  if (new Date(now + 5.5 * 3_600_000).getUTCHours() >= 10) {
    // From 10:00 in India there is room for a whole morning's loading.
    expect(Math.min(...left.map((o) => o.turnaround))).toBeGreaterThanOrEqual(30);
  }
  const backwards = rowsOf<{ order_id: number }>(
    await db.execute(sql`select order_id from (select order_id, at < lag(at) over (partition by order_id order by id) as back
        from order_events where from_status is distinct from to_status) e
      where back`),
  );
  expect(backwards).toEqual([]);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('demo data at any hour', () => {
  // `npm start` seeds a new database whenever it is run: an evening start once failed ("Pickup must be
  // after the bid end"), as today's dispatch closed its bidding 8 hours before "now", past noon.
  it.each([0.25, 12.5, 20.05, 23.9])('seeds every part of the demo at %s h India time', async (hours) => {
    const now = inIndia(hours);
    vi.useFakeTimers({ toFake: ['Date'], now });
    const created = await createTestDatabase();
    const { database, drop } = created;
    const files = mkdtempSync(path.join(tmpdir(), 'freightdesk-demo-hours-'));
    try {
      if (!created.seeded) {
        await migrateAndSeed(created);
      }
      await seedDemoFreight(database.db, now);
      await seedDemoTracking(database.db, now);
      await seedDemoContracts(database.db, now);
      await seedDemoMoney(database.db, createLocalStorage(files), now);
      const [row] = await database.db.select({ n: count() }).from(orders);
      expect(row?.n).toBeGreaterThan(6);
      await expectRealisticTimes(database.db, now);
    } finally {
      await drop();
      rmSync(files, { recursive: true, force: true });
    }
  });
});
