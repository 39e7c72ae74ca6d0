import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/client.ts';
import { migrateAndSeed } from './seed-database.ts';

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
  const name = `fd_template_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  try {
    await migrateAndSeed({ database, url: url.toString() });
  } finally {
    await database.close();
  }
  process.env.PG_TEMPLATE_DB = name;
  return () => admin(`drop database if exists ${name} with (force)`);
}
