// `npm run backup -- --to FOLDER` and `npm run restore -- --from FOLDER`: the configured database
// (DATABASE_URL, else the embedded one in DATA_DIR) and the folder file store, with a manifest of
// sums the restore checks itself by (backup.ts, restore.ts). Exit status 0 only when all is equal.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { withoutPassword } from '../move/report.ts';
import { BackupRefused, backup } from './backup.ts';
import { restore } from './restore.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

const USAGE = 'Usage: npm run backup -- --to FOLDER | npm run restore -- --from FOLDER (DATABASE_URL and DATA_DIR as the app reads them)';

async function runBackup(to: string): Promise<number> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const manifest = await backup({ config, to: path.resolve(to), log: (l) => console.log(l) });
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Backed up ${config.databaseUrl ? withoutPassword(config.databaseUrl) : `the embedded database in ${config.dataDir}`}: ` +
      `${manifest.tables.length} tables, ${indianNumber(rows)} rows, ${manifest.files.length} files, into ${path.resolve(to)}.`,
  );
  return 0;
}

async function runRestore(from: string): Promise<number> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const result = await restore({ config, from: path.resolve(from), log: (l) => console.log(l) });
  for (const t of result.tablesDiffering) {
    console.error(
      `  ${t.table}: backup ${t.expected?.rows ?? '-'} rows (${t.expected?.checksum ?? '-'}), restored ${t.restored?.rows ?? '-'} rows (${t.restored?.checksum ?? '-'})  ✗`,
    );
  }
  for (const f of result.filesDiffering) {
    console.error(`  file ${f}: missing or different  ✗`);
  }
  if (!result.ok) {
    console.error('The restore did NOT verify against the backup’s manifest (✗ above).');
    return 1;
  }
  console.log(
    `Restored and verified ${result.manifest.tables.length} tables and ${result.manifest.files.length} files (backup of ${result.manifest.made}).`,
  );
  return 0;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { to: { type: 'string' }, from: { type: 'string' } },
  });
  try {
    if (positionals[0] === 'backup' && values.to) {
      return await runBackup(values.to);
    }
    if (positionals[0] === 'restore' && values.from) {
      return await runRestore(values.from);
    }
    console.error(USAGE);
    return 2;
  } catch (err) {
    console.error(err instanceof BackupRefused ? err.message : err);
    return 1;
  }
}

process.exit(await main());
