import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { partitionName, weekStart } from '../../modules/tracking/retention.ts';
import { createPositionPartition, positionPartitions, positionsPartitioned } from '../../repositories/tracking-retention.repository.ts';
import type { Db } from '../client.ts';
import { foreignKeys, type SequenceInfo, sequences, type TableInfo } from './catalog.ts';
import { copyTable } from './copy.ts';
import { ident, type Runner } from './runner.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

const WEEK = 7 * 86_400_000;

/**
 * Copies every table, then the sequences, in one transaction of the target: a failure leaves it as
 * the migrations made it. The target's foreign keys are dropped first and made again at the end
 * (PostgreSQL checks every row then, as pg_restore does), so tables go in any order and a table
 * that refers to itself needs no particular one; the app's own triggers are off while rows arrive
 * (they would stamp or derive again what the source already holds). Rows the migrations wrote into
 * the target are replaced by the source's.
 */
export async function transfer(
  source: Runner,
  target: Runner,
  targetClient: pg.Client,
  tables: TableInfo[],
  log: (line: string) => void,
): Promise<{ rows: number; peakRss: number }> {
  let peakRss = process.memoryUsage().rss;
  let rows = 0;
  await target.exec('begin');
  try {
    const keys = await foreignKeys(target);
    await setUpTarget(target, targetClient, source, tables, keys);
    for (const table of tables) {
      const copied = await copyWithProgress(source, target, table, log, () => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      });
      rows += copied;
    }
    log(`Checking ${keys.length} foreign keys …`);
    for (const key of keys) {
      await target.exec(`alter table ${key.table} add constraint ${ident(key.name)} ${key.definition}`);
    }
    for (const table of tables) {
      await target.exec(`alter table ${table.qualified} enable trigger user`);
    }
    await setSequences(source, target);
    await target.exec('commit');
  } catch (err) {
    await target.exec('rollback').catch(() => undefined);
    throw err;
  }
  return { rows, peakRss };
}

async function setUpTarget(
  target: Runner,
  targetClient: pg.Client,
  source: Runner,
  tables: TableInfo[],
  keys: { table: string; name: string }[],
): Promise<void> {
  for (const key of keys) {
    await target.exec(`alter table ${key.table} drop constraint ${ident(key.name)}`);
  }
  for (const table of tables) {
    await target.exec(`alter table ${table.qualified} disable trigger user`);
  }
  // Some migrations write reference rows (vehicle types, settings): the source holds them too, as
  // its users have since kept them, so the target's are cleared and every row comes from the source.
  await target.exec(`truncate ${tables.map((t) => t.qualified).join(', ')}`);
  await makePositionPartitions(source, drizzle(targetClient) as unknown as Db);
}

/** On PostgreSQL positions is partitioned by week: the weeks the source's positions cover get theirs (retention.ts names them). */
async function makePositionPartitions(source: Runner, target: Db): Promise<void> {
  if (!(await positionsPartitioned(target))) {
    return;
  }
  const [span] = await source.query<{ first: string | null; last: string | null }>(
    'select min(fix_time)::text as first, max(fix_time)::text as last from positions',
  );
  if (!span?.first || !span.last) {
    return;
  }
  const existing = await positionPartitions(target);
  const last = new Date(span.last).getTime();
  for (let week = weekStart(new Date(span.first)); week.getTime() <= last; week = new Date(week.getTime() + WEEK)) {
    const name = partitionName(week);
    if (!existing.has(name)) {
      await createPositionPartition(target, name, week, new Date(week.getTime() + WEEK));
    }
  }
}

async function copyWithProgress(
  source: Runner,
  target: Runner,
  table: TableInfo,
  log: (line: string) => void,
  sample: () => void,
): Promise<number> {
  const [count] = await source.query<{ n: string }>(`select count(*)::text as n from ${table.qualified}`);
  const total = Number(count?.n ?? 0);
  const started = Date.now();
  let shown = Date.now();
  const copied = await copyTable(source, target, table, (done) => {
    sample();
    if (Date.now() - shown > 5000) {
      shown = Date.now();
      log(`  ${table.name}: ${indianNumber(done)} of ${indianNumber(total)} rows …`);
    }
  });
  if (copied > 0) {
    log(`  ${table.name}: ${indianNumber(copied)} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return copied;
}

/**
 * Each sequence takes the source's state, or the largest value of the column it numbers when that
 * is higher (a row written with an explicit id): the next row gets a number past every one copied.
 */
async function setSequences(source: Runner, target: Runner): Promise<void> {
  for (const seq of await sequences(source)) {
    const max = await ownedMax(target, seq);
    const higher = max !== null && max >= seq.lastValue;
    await target.query('select setval($1::regclass, $2, $3)', [
      `public.${ident(seq.name)}`,
      higher ? max : seq.lastValue,
      higher ? true : seq.isCalled,
    ]);
  }
}

/** The largest value of the column a sequence numbers, or null (no column, no rows). */
export async function ownedMax(db: Runner, seq: SequenceInfo): Promise<number | null> {
  if (!seq.owner) {
    return null;
  }
  const [row] = await db.query<{ max: string | null }>(
    `select max(${ident(seq.owner.column)})::text as max from public.${ident(seq.owner.table)}`,
  );
  return row?.max == null ? null : Number(row.max);
}
