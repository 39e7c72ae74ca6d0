import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedListsDatabase } from '../../../../../bench/lists-database.ts';
import { TEST_DB_KIND } from '../../test/harness.ts';
import { openPglite } from '../client.ts';
import { emptyPostgres } from '../../test/move-fixtures.ts';
import { moveToPostgres } from './move.ts';

/** Orders in the suite's bulk case; the 100,000-order move is `npm run bench:migrate-to-postgres` (record 0305). */
const ORDERS = 10_000;

// A bulk embedded database (the lists bench's data: orders, stops, PODs, requests) moved in many
// batches: the keyset reads cross batch boundaries in every large table.
describe.runIf(TEST_DB_KIND === 'postgres')(`npm run migrate-to-postgres with ${ORDERS.toLocaleString('en-IN')} orders`, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'freightdesk-move-bulk-'));
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('moves every row and verifies every table', async () => {
    const database = await openPglite(dir);
    try {
      await seedListsDatabase(database, null, { orders: ORDERS, requests: ORDERS / 10, others: 20, mainShare: 0.8 }, () => undefined);
    } finally {
      await database.close();
    }
    const target = await emptyPostgres();
    drop = target.drop;
    const result = await moveToPostgres({ from: dir, to: target.url, log: () => undefined });
    const orders = result.tables.find((t) => t.table === '"public"."orders"');
    expect(orders?.source.rows).toBe(ORDERS);
    expect(orders?.target.rows).toBe(ORDERS);
    expect(result.tables.filter((t) => !t.ok)).toEqual([]);
    expect(result.sequences.filter((s) => !s.ok)).toEqual([]);
    expect(result.ok).toBe(true);
  }, 300_000);
});
