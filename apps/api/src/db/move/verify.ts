import { type SequenceInfo, sequences, type TableInfo, tableInfo } from './catalog.ts';
import { type TableSum, tableChecksum } from './checksum.ts';
import type { Runner } from './runner.ts';
import { ownedMax } from './transfer.ts';

export type TableCheck = { table: string; source: TableSum; target: TableSum; ok: boolean };
export type SequenceCheck = { name: string; next: number; max: number | null; ok: boolean };

/** The migrations' journal is compared too: both sides must stand at the same migrations. */
export async function journalTable(db: Runner): Promise<TableInfo> {
  return tableInfo(db, 'drizzle', '__drizzle_migrations');
}

/** Row count and checksum of every table on both sides, computed by the same statement. */
export async function compareTables(source: Runner, target: Runner, tables: TableInfo[]): Promise<TableCheck[]> {
  const out: TableCheck[] = [];
  for (const table of tables) {
    const a = await tableChecksum(source, table);
    const b = await tableChecksum(target, table);
    out.push({ table: table.qualified, source: a, target: b, ok: a.rows === b.rows && a.checksum === b.checksum });
  }
  return out;
}

/** Every sequence of the target hands out a number past the largest of its column. */
export async function checkSequences(target: Runner): Promise<SequenceCheck[]> {
  const out: SequenceCheck[] = [];
  for (const seq of await sequences(target)) {
    const max = await ownedMax(target, seq);
    const next = nextValue(seq);
    out.push({ name: seq.name, next, max, ok: max === null || next > max });
  }
  return out;
}

const nextValue = (seq: SequenceInfo) => (seq.isCalled ? seq.lastValue + seq.increment : seq.lastValue);
