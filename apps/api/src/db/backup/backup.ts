import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../config.ts';
import { localFilesRoot } from '../../lib/storage.ts';
import { openPglite } from '../client.ts';
import { listTables, type TableInfo } from '../move/catalog.ts';
import { checksums, type TableSum } from '../move/checksum.ts';
import { pgliteRunner, pgRunner, type Runner } from '../move/runner.ts';
import { journalTable } from '../move/verify.ts';
import { fileSums } from './files.ts';
import { FILES, type Manifest, writeManifest } from './manifest.ts';
import { runPgTool } from './postgres-tools.ts';

export class BackupRefused extends Error {}

/** The tables a backup sums: the app's and the migrations' journal. */
export async function summedTables(db: Runner): Promise<TableInfo[]> {
  return [...(await listTables(db)), await journalTable(db)];
}

/**
 * Backs up the configured database and the folder file store into the new folder `to`: PostgreSQL
 * with pg_dump (custom format) while the app runs, PGlite with its own dump of the data folder
 * (the app stopped: PGlite is one process's), the files copied, and manifest.json with the sums a
 * restore checks. An S3 bucket is backed up by the bucket's own means (docs/operations.md): the
 * backup says so, and its manifest names the bucket, so the restore says so too.
 */
export async function backup(opts: { config: Config; to: string; log: (line: string) => void }): Promise<Manifest> {
  if (existsSync(opts.to) && readdirSync(opts.to).length > 0) {
    throw new BackupRefused(`${opts.to} is not empty: back up into a new folder.`);
  }
  await mkdir(opts.to, { recursive: true });
  const { config } = opts;
  opts.log(`Dumping the ${config.databaseUrl ? 'PostgreSQL' : 'embedded'} database …`);
  const db = config.databaseUrl ? await dumpPostgres(config.databaseUrl, opts.to) : await dumpPglite(config.dataDir, opts.to);
  const store = localFilesRoot(config.dataDir);
  const copy = path.join(opts.to, FILES);
  const bucket = config.fileStore.kind === 's3' ? config.fileStore.s3.bucket : undefined;
  if (!bucket && existsSync(store)) {
    opts.log(`Copying the files of ${store} …`);
    await cp(store, copy, { recursive: true, filter: (src) => !path.basename(src).startsWith('.') });
  }
  if (bucket) {
    opts.log(bucketNotice(bucket, 'holds the database only'));
  }
  const manifest: Manifest = {
    format: 1,
    made: new Date().toISOString(),
    ...db,
    files: await fileSums(copy),
    ...(bucket ? { bucket } : {}),
  };
  writeManifest(opts.to, manifest);
  return manifest;
}

/** What a backup or restore says when the files live in a bucket: they are not in the folder. */
export function bucketNotice(bucket: string, what: string): string {
  return (
    `The files are in the S3 bucket ${bucket} (FILE_STORE=s3): this backup ${what}. Back the bucket up by its own means, ` +
    'versioning or a mirror made right after this dump, and restore it the same way (docs/operations.md, "Backups").'
  );
}

async function dumpPglite(dataDir: string, to: string): Promise<{ database: 'pglite'; dump: string; tables: TableSum[] }> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupRefused(`No embedded database in ${dataDir} (DATA_DIR).`);
  }
  const database = await openPglite(dataDir);
  try {
    if (!database.client) {
      throw new Error('PGlite opened without its client');
    }
    const runner = await pgliteRunner(database.client);
    const tables = await checksums(runner, await summedTables(runner));
    const dump = 'database.tar.gz';
    const blob = await database.client.dumpDataDir('gzip');
    await writeFile(path.join(to, dump), Buffer.from(await blob.arrayBuffer()));
    return { database: 'pglite', dump, tables };
  } finally {
    await database.close();
  }
}

/**
 * pg_dump reads the snapshot this transaction exports, and the sums are computed in the same
 * transaction: they describe exactly the rows in the dump, however busy the app is meanwhile.
 */
async function dumpPostgres(url: string, to: string): Promise<{ database: 'postgres'; dump: string; tables: TableSum[] }> {
  const client = new pg.Client({ connectionString: url, application_name: 'freightdesk-backup' });
  await client.connect();
  try {
    const runner = await pgRunner(client);
    await runner.exec('begin isolation level repeatable read read only');
    const [snapshot] = await runner.query<{ id: string }>('select pg_export_snapshot() as id');
    const dump = 'database.pgdump';
    const dumped = runPgTool('pg_dump', url, ['--format=custom', `--snapshot=${snapshot?.id}`, `--file=${path.join(to, dump)}`]);
    const tables = await checksums(runner, await summedTables(runner));
    await dumped;
    await runner.exec('commit');
    return { database: 'postgres', dump, tables };
  } finally {
    await client.end();
  }
}
