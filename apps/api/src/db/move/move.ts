import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../client.ts';
import { listTables, tablesOfOurs } from './catalog.ts';
import { pgliteRunner, pgRunner, type Runner } from './runner.ts';
import { transfer } from './transfer.ts';
import { checkSequences, compareTables, journalTable, type SequenceCheck, type TableCheck } from './verify.ts';

export type MoveResult = {
  tables: TableCheck[];
  sequences: SequenceCheck[];
  rows: number;
  seconds: number;
  peakRssMb: number;
  ok: boolean;
};

/** A refusal the command prints as it is (no stack): the target is not empty, the source is missing. */
export class MoveRefused extends Error {}

/**
 * Moves the embedded database in `from` (a DATA_DIR) into the empty PostgreSQL database at `to`:
 * the source brought to the current migrations (as a start would), the target's schema made by the
 * same migrations, the rows copied (transfer.ts), then every table's count and checksum and every
 * sequence compared. The source is only read. The app must be stopped: PGlite is one process's.
 */
export async function moveToPostgres(opts: { from: string; to: string; log: (line: string) => void }): Promise<MoveResult> {
  if (!existsSync(path.join(opts.from, 'PG_VERSION'))) {
    throw new MoveRefused(`No embedded database in ${opts.from} (no PG_VERSION there): give its DATA_DIR with --from.`);
  }
  const started = Date.now();
  const client = new pg.Client({ connectionString: opts.to, application_name: 'freightdesk-move' });
  await client.connect();
  try {
    const target = await pgRunner(client);
    await refuseUnlessEmpty(target);
    const source = await openPglite(opts.from);
    try {
      opts.log(`Bringing ${opts.from} to the current migrations …`);
      await source.migrate();
      opts.log('Making the schema in PostgreSQL with the same migrations …');
      await migrateTarget(opts.to);
      if (!source.client) {
        throw new Error('PGlite opened without its client');
      }
      return await copyAndVerify(await pgliteRunner(source.client), target, client, opts.log, started);
    } finally {
      await source.close();
    }
  } finally {
    await client.end();
  }
}

async function refuseUnlessEmpty(target: Runner): Promise<void> {
  const found = await tablesOfOurs(target);
  if (found.length > 0) {
    const some = found.slice(0, 5).join(', ');
    throw new MoveRefused(
      `The target database is not empty: it holds ${found.length} tables or sequences of ours (${some}${found.length > 5 ? ', …' : ''}). ` +
        'Nothing was changed. Move into a new, empty database (createdb), or drop this one and create it again.',
    );
  }
}

async function migrateTarget(url: string): Promise<void> {
  const database = await openPostgres(url);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

async function copyAndVerify(source: Runner, target: Runner, client: pg.Client, log: (line: string) => void, started: number) {
  const tables = await listTables(source);
  log(`Copying ${tables.length} tables …`);
  const { rows, peakRss } = await transfer(source, target, client, tables, log);
  log('Comparing every table’s rows and checksum …');
  const checked = await compareTables(source, target, [...tables, await journalTable(source)]);
  const seqs = await checkSequences(target);
  return {
    tables: checked,
    sequences: seqs,
    rows,
    seconds: (Date.now() - started) / 1000,
    peakRssMb: Math.round(peakRss / 2 ** 20),
    ok: checked.every((t) => t.ok) && seqs.every((s) => s.ok),
  };
}
