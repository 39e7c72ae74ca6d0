import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPglite, openPostgres } from '../db/client.ts';
import { migrateAndSeed } from './seed-database.ts';
import { scratchDatabase } from './scratch-database.ts';

/**
 * Migrate and load reference and demo data once per run, so each test file starts from a copy
 * instead of migrating and seeding again: for the PGlite suite a saved data directory, for the
 * PostgreSQL suite a template database (harness.ts, createTestDatabase).
 */
export default async function setup() {
  return process.env.TEST_DB === 'postgres' ? postgresTemplate() : pgliteSnapshot();
}

async function pgliteSnapshot() {
  const database = await openPglite('memory://');
  await migrateAndSeed({ database });
  const blob = await database.client?.dumpDataDir('none');
  if (!blob) {
    throw new Error('PGlite snapshot failed');
  }
  const dir = path.resolve(import.meta.dirname, '../../.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-snapshot-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  process.env.PGLITE_SNAPSHOT = file;
  await database.close();
  return () => rmSync(file, { force: true });
}

/** A migrated and seeded database no one connects to: every suite's database is made as a copy of it. */
async function postgresTemplate() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  }
  const { name, url, drop } = await scratchDatabase(adminUrl, 'fd_template');
  const database = await openPostgres(url);
  try {
    await migrateAndSeed({ database, url });
  } finally {
    await database.close();
  }
  process.env.PG_TEMPLATE_DB = name;
  return drop;
}
