import type { MoveResult } from './move.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

/** The URL with its password hidden, for printing. */
export function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) {
      u.password = '***';
    }
    return u.toString();
  } catch {
    return '(the --to URL)';
  }
}

/** The table of results: each table's rows and checksum on both sides, then the sequences. */
export function resultLines(result: MoveResult): string[] {
  const width = Math.max(5, ...result.tables.map((t) => t.table.length));
  const lines = [`${'table'.padEnd(width)}  ${'rows (embedded)'.padStart(15)}  ${'rows (PostgreSQL)'.padStart(17)}  checksum`];
  for (const t of result.tables) {
    const sum = t.source.checksum === t.target.checksum ? 'equal' : `DIFFERS (${t.source.checksum} / ${t.target.checksum})`;
    lines.push(
      `${t.table.padEnd(width)}  ${indianNumber(t.source.rows).padStart(15)}  ${indianNumber(t.target.rows).padStart(17)}  ${sum}${t.ok ? '' : '  ✗'}`,
    );
  }
  const badSeqs = result.sequences.filter((s) => !s.ok);
  lines.push(
    `${result.sequences.length} sequences set; ${badSeqs.length ? 'BEHIND their columns:' : 'each hands out a number past its column’s largest.'}`,
  );
  for (const s of badSeqs) {
    lines.push(`  ${s.name}: next ${s.next}, largest ${s.max}  ✗`);
  }
  lines.push(`${indianNumber(result.rows)} rows in ${result.seconds.toFixed(1)} s; at most ${result.peakRssMb} MB of memory (resident).`);
  return lines;
}

/** What to change once the move is verified. */
export function nextSteps(opts: { from: string; to: string }): string[] {
  return [
    'Now change the configuration and start the app again:',
    `  DATABASE_URL=${withoutPassword(opts.to)}`,
    `  DATA_DIR=${opts.from}   (unchanged: uploaded files stay in ${opts.from}/files; only the database moved)`,
    '  DEMO_DATA stays unset (on PostgreSQL no demo data is loaded unless asked).',
    `The embedded database in ${opts.from} was only read. Keep it until the app runs well on PostgreSQL;`,
    'a second API node also needs REDIS_URL and a shared file store (docs/operations.md).',
  ];
}
