import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { localFilesRoot } from '../../lib/storage.ts';
import { TEST_DB_KIND } from '../../test/harness.ts';
import { demoDataDir, emptyPostgres } from '../../test/move-fixtures.ts';
import { moveToPostgres } from '../move/move.ts';
import { BackupRefused, backup } from './backup.ts';
import { fileSum } from './files.ts';
import { restore } from './restore.ts';

const quiet = () => undefined;
const configOf = (dataDir: string, databaseUrl?: string) =>
  loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });

// The restore drill on the demo data (the embedded database as `npm start` makes it, with the
// sample invoices' files): back up, destroy, restore, and the same rows, sums and files are back.
describe('npm run backup and npm run restore', () => {
  let source: Awaited<ReturnType<typeof demoDataDir>>;
  const folders: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'freightdesk-backup-'));
    folders.push(dir);
    return dir;
  };
  beforeAll(async () => {
    source = await demoDataDir();
  }, 120_000);
  afterAll(() => {
    source?.remove();
    for (const dir of folders) {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('restores the embedded database and its files after the data folder is lost', async () => {
    const to = path.join(folder(), 'backup');
    const made = await backup({ config: configOf(source.dir), to, log: quiet });
    expect(made.tables.find((t) => t.table === '"public"."orders"')?.rows).toBeGreaterThan(0);
    expect(made.files.length).toBeGreaterThan(0);
    const [first] = made.files;
    const store = localFilesRoot(source.dir);
    const file = path.join(store, ...(first?.path ?? '').split('/'));
    const original = readFileSync(file);
    rmSync(source.dir, { recursive: true, force: true });
    const result = await restore({ config: configOf(source.dir), from: to, log: quiet });
    expect(result.tablesDiffering).toEqual([]);
    expect(result.filesDiffering).toEqual([]);
    expect(result.ok).toBe(true);
    expect(readFileSync(file).equals(original)).toBe(true);
    expect((await fileSum(file)).sha256).toBe(first?.sha256);
    await expect(backup({ config: configOf(source.dir), to, log: quiet })).rejects.toThrow(BackupRefused);
    await expect(restore({ config: configOf(source.dir), from: to, log: quiet })).rejects.toThrow(/already holds an embedded database/);
  }, 120_000);

  it('says the files in an S3 bucket are not in the backup, and the restore says it again', async () => {
    const s3 = (dataDir: string) => loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, FILE_STORE: 's3', S3_BUCKET: 'fd-files' });
    const to = path.join(folder(), 'backup');
    const said: string[] = [];
    const made = await backup({ config: s3(source.dir), to, log: (l) => said.push(l) });
    expect(made.bucket).toBe('fd-files');
    expect(made.files).toEqual([]);
    expect(existsSync(path.join(to, 'files'))).toBe(false);
    expect(said.filter((l) => l.includes('S3 bucket fd-files'))).toHaveLength(1);
    said.length = 0;
    const result = await restore({ config: s3(path.join(folder(), 'data')), from: to, log: (l) => said.push(l) });
    expect(result.ok).toBe(true);
    expect(said.filter((l) => l.includes('S3 bucket fd-files') && l.includes('restored the database only'))).toHaveLength(1);
  }, 120_000);

  it.runIf(TEST_DB_KIND === 'postgres')(
    'restores PostgreSQL from pg_dump into a new database, and refuses a database that is not empty',
    async () => {
      const first = await emptyPostgres();
      const second = await emptyPostgres();
      try {
        expect((await moveToPostgres({ from: source.dir, to: first.url, log: quiet })).ok).toBe(true);
        const to = path.join(folder(), 'backup');
        const made = await backup({ config: configOf(source.dir, first.url), to, log: quiet });
        expect(existsSync(path.join(to, made.dump))).toBe(true);
        const [stored] = made.files;
        const file = path.join(localFilesRoot(source.dir), ...(stored?.path ?? '').split('/'));
        rmSync(file);
        const result = await restore({ config: configOf(source.dir, second.url), from: to, log: quiet });
        expect([result.tablesDiffering, result.filesDiffering, result.ok]).toEqual([[], [], true]);
        expect((await fileSum(file)).sha256).toBe(stored?.sha256);
        await expect(restore({ config: configOf(source.dir, second.url), from: to, log: quiet })).rejects.toThrow(/not empty/);
      } finally {
        await first.drop();
        await second.drop();
      }
    },
    180_000,
  );
});
