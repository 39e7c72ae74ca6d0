import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { scratchDatabase } from './scratch-database.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * A DATA_DIR as `npm start` leaves it: the embedded database migrated and loaded with the demo
 * accounts and sample freight, and the files of the sample invoices in its file store.
 */
export async function demoDataDir(): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'freightdesk-move-'));
  const database = await openDatabase(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir }), quiet);
  try {
    await addPositions(database.db);
  } finally {
    await database.close();
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Positions of the first order as a phone would send them, one from 300 days back (before the weeks
 * PostgreSQL's migration partitions), with microseconds, floats, JSON and a place name in Hindi.
 */
async function addPositions(db: Db): Promise<void> {
  await db.execute(sql`insert into positions (order_id, industry_id, source, fix_time, latitude, longitude, speed_kmh, attributes, place_name)
    select o.id, o.industry_id, 'phone', now() - (g * interval '100 days') - interval '0.123456 s', 18.520430 + g / 3.0, 73.856743,
           g * 11.1, jsonb_build_object('battery', 0.1 * g, 'note', 'सड़क ' || g), 'पुणे टोल ' || g
    from (select id, industry_id from orders order by id limit 1) o cross join generate_series(0, 3) g`);
}

/** A new, empty PostgreSQL database made with the admin URL (TEST_DATABASE_URL), and its drop. */
export async function emptyPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error('TEST_DATABASE_URL is not set: the move to PostgreSQL is tested in the PostgreSQL pass');
  }
  return scratchDatabase(adminUrl, 'fd_move');
}
