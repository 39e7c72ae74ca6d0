import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { ensureReferenceData } from '../open.ts';
import { orders } from '../schema/orders.ts';
import { seedDemo } from './demo.ts';
import { seedDemoContracts } from './demo-contracts.ts';
import { seedDemoFreight } from './demo-freight.ts';
import { seedDemoTracking } from './demo-tracking.ts';
import { seedDemoMoney } from './demo-money.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** India's clock on the day of the first failure: 24 Nov 2026 at `hours` (IST). */
const inIndia = (hours: number) => Date.UTC(2026, 10, 24, 0, 0) - 5.5 * 3_600_000 + hours * 3_600_000;

afterEach(() => {
  vi.useRealTimers();
});

describe('demo data at any hour', () => {
  // `npm start` seeds a new database whenever it is run: an evening start once failed ("Pickup must be
  // after the bid end"), as today's dispatch closed its bidding 8 hours before "now", past noon.
  it.each([0.25, 12.5, 20.05, 23.9])('seeds every part of the demo at %s h India time', async (hours) => {
    const now = inIndia(hours);
    vi.useFakeTimers({ toFake: ['Date'], now });
    const { database, seeded, drop } = await createTestDatabase();
    const files = mkdtempSync(path.join(tmpdir(), 'freightdesk-demo-hours-'));
    try {
      if (!seeded) {
        await database.migrate();
        await ensureReferenceData(database.db);
        await seedDemo(database.db);
      }
      await seedDemoFreight(database.db, now);
      await seedDemoTracking(database.db, now);
      await seedDemoContracts(database.db, now);
      await seedDemoMoney(database.db, createLocalStorage(files), now);
      const [row] = await database.db.select({ n: count() }).from(orders);
      expect(row?.n).toBeGreaterThan(6);
    } finally {
      await drop();
      rmSync(files, { recursive: true, force: true });
    }
  });
});
