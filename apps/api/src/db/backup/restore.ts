import { existsSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../config.ts';
import { localFilesRoot } from '../../lib/storage.ts';
import { openPglite } from '../client.ts';
import { tablesOfOurs } from '../move/catalog.ts';
import { checksums, type TableSum } from '../move/checksum.ts';
import { pgliteRunner, pgRunner, type Runner } from '../move/runner.ts';
import { BackupRefused, bucketNotice, summedTables } from './backup.ts';
import { filesDiffering } from './files.ts';
import { FILES, type Manifest, readManifest } from './manifest.ts';
import { runPgTool } from './postgres-tools.ts';

export type RestoreResult = {
  manifest: Manifest;
  /** The tables whose rows or checksum differ from the manifest's (with both sums). */
  tablesDiffering: { table: string; expected: TableSum | undefined; restored: TableSum | undefined }[];
  filesDiffering: string[];
  ok: boolean;
};

/**
 * Restores a backup folder into the configured database, which must hold nothing yet (a new
 * PostgreSQL database; for PGlite a DATA_DIR without a database), and its files into the folder
 * store, then checks every table's sums and every file's SHA-256 against the manifest.
 */
export async function restore(opts: { config: Config; from: string; log: (line: string) => void }): Promise<RestoreResult> {
  const manifest = readManifest(opts.from);
  const { config } = opts;
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== kind) {
    throw new BackupRefused(
      `This is a backup of ${manifest.database === 'pglite' ? 'an embedded' : 'a PostgreSQL'} database; the configuration names ${kind === 'pglite' ? 'the embedded one (no DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}. To go from the embedded database to PostgreSQL, restore it here as embedded and use npm run migrate-to-postgres.`,
    );
  }
  opts.log(`Restoring the ${kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database …`);
  const dump = path.join(opts.from, manifest.dump);
  const restored = config.databaseUrl ? await restorePostgres(config.databaseUrl, dump) : await restorePglite(config.dataDir, dump);
  const store = localFilesRoot(config.dataDir);
  if (existsSync(path.join(opts.from, FILES))) {
    opts.log(`Copying the files into ${store} …`);
    await cp(path.join(opts.from, FILES), store, { recursive: true, force: false });
  }
  if (manifest.bucket) {
    opts.log(bucketNotice(manifest.bucket, 'restored the database only'));
  }
  const tables = compareSums(manifest.tables, restored);
  const files = await filesDiffering(store, manifest.files);
  return { manifest, tablesDiffering: tables, filesDiffering: files, ok: tables.length === 0 && files.length === 0 };
}

function compareSums(expected: TableSum[], restored: TableSum[]): RestoreResult['tablesDiffering'] {
  const got = new Map(restored.map((t) => [t.table, t]));
  const want = new Map(expected.map((t) => [t.table, t]));
  const names = new Set([...got.keys(), ...want.keys()]);
  return [...names]
    .map((table) => ({ table, expected: want.get(table), restored: got.get(table) }))
    .filter((t) => t.expected?.rows !== t.restored?.rows || t.expected?.checksum !== t.restored?.checksum);
}

async function restorePglite(dataDir: string, dump: string): Promise<TableSum[]> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupRefused(`${dataDir} already holds an embedded database: move it away (or point DATA_DIR elsewhere) first.`);
  }
  const database = await openPglite(dataDir, new Blob([await readFile(dump)]));
  try {
    if (!database.client) {
      throw new Error('PGlite opened without its client');
    }
    return await sumsOf(await pgliteRunner(database.client));
  } finally {
    await database.close();
  }
}

async function restorePostgres(url: string, dump: string): Promise<TableSum[]> {
  const client = new pg.Client({ connectionString: url, application_name: 'freightdesk-restore' });
  await client.connect();
  try {
    const runner = await pgRunner(client);
    const found = await tablesOfOurs(runner);
    if (found.length > 0) {
      throw new BackupRefused(
        `The database of DATABASE_URL is not empty (${found.length} tables or sequences of ours): restore into a new, empty database.`,
      );
    }
    await runPgTool('pg_restore', url, [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      `--dbname=${decodeURIComponent(new URL(url).pathname.slice(1))}`,
      dump,
    ]);
    return await sumsOf(runner);
  } finally {
    await client.end();
  }
}

const sumsOf = async (db: Runner) => checksums(db, await summedTables(db));
