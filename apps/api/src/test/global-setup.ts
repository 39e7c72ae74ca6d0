import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '../db/client.ts';
import { ensureReferenceData } from '../db/open.ts';
import { seedDemo } from '../db/seed/demo.ts';

/**
 * For the PGlite suite: migrate, load reference and demo data once, and save the data directory,
 * so each test file starts from a copy instead of running initdb and migrations again.
 */
export default async function setup() {
  if (process.env.TEST_DB === 'postgres') {
    return;
  }
  const database = await openPglite('memory://');
  await database.migrate();
  await ensureReferenceData(database.db);
  await seedDemo(database.db);
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
