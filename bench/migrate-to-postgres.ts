/**
 * `npm run bench:migrate-to-postgres [-- --orders 100000]` (issue 36): an embedded database with the
 * lists bench's data (bench/lists-seed.ts: orders with their stops and PODs, a tenth as many
 * requests, the demo accounts) made in a temporary folder, then moved by `npm run
 * migrate-to-postgres` into `freightdesk_bench_move` on the PostgreSQL of DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test, used only to create and drop it). Prints the seeding
 * time, then the move's own lines (tables, verification), its time and its peak resident memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPglite } from '../apps/api/src/db/client.ts';
import { moveToPostgres } from '../apps/api/src/db/move/move.ts';
import { resultLines } from '../apps/api/src/db/move/report.ts';
import { seedListsDatabase } from './lists-database.ts';

const BENCH_DB = 'freightdesk_bench_move';
const { values } = parseArgs({ options: { orders: { type: 'string', default: '100000' } } });
const orders = Number(values.orders);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function admin(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

async function makeSource(dir: string): Promise<void> {
  const database = await openPglite(dir);
  try {
    await seedListsDatabase(database, null, { orders, requests: Math.round(orders / 10), others: 20, mainShare: 0.8 }, console.log);
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const cpus = os.cpus();
  console.log(
    `machine: ${cpus.length} cores (${cpus[0]?.model.trim()}), load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, Node ${process.version}`,
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fd-bench-move-'));
  await admin(`drop database if exists ${BENCH_DB} with (force)`);
  await admin(`create database ${BENCH_DB}`);
  try {
    await makeSource(dir);
    const url = new URL(adminUrl);
    url.pathname = `/${BENCH_DB}`;
    const result = await moveToPostgres({ from: dir, to: url.toString(), log: console.log });
    console.log(resultLines(result).join('\n'));
    console.log(
      `move of ${orders.toLocaleString('en-IN')} orders: ${result.ok ? 'verified' : 'NOT verified'}, ${result.seconds.toFixed(1)} s, ` +
        `${Math.round(result.rows / result.seconds).toLocaleString('en-IN')} rows/s, peak RSS ${result.peakRssMb} MB; load ${os.loadavg()[0]?.toFixed(1)}`,
    );
    return result.ok ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await admin(`drop database if exists ${BENCH_DB} with (force)`);
  }
}

process.exit(await main());
