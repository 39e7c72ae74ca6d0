// Benchmark: the summary reports on screen at scale (issue 12: "every report answers in under 1 s
// over 1,000,000 orders on PostgreSQL").
// Run: npm run bench:reports                 (PostgreSQL: the lists bench's database on the server of
//                                             DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
//      npm run bench:reports -- --pglite     (embedded PGlite in a temporary folder; 100,000 orders)
// Options: --orders N (1,250,000 seeded on PostgreSQL: 1,000,000 the demo shipper's)  --keep / --reuse (as bench:lists)
//          --tsx (the API from its sources under tsx)  --runs N (5)
//
// The data is the lists bench's (bench/lists-seed.ts). The API runs as its own process, as npm start
// runs it; the bench asks it for the first page of every summary report (GET /api/reports/:name, the
// page, its totals and its row count, as the screen asks) over the current month and over every
// day (no date filter: two years of pickups), and for the lane picker. It prints each call's
// median and slowest time of N. The ceiling, measured after, is the database alone answering the
// same report's queries (summaryPage in this process on one connection: no HTTP, no JSON).
import os from 'node:os';
import { loginDemoOwner } from './api-server.ts';
import { seededListsDatabase, startBenchApi } from './lists-database.ts';

const argv = process.argv.slice(2);
const at = (name: string) => argv.indexOf(`--${name}`);
const pg = !argv.includes('--pglite');
const orders = at('orders') >= 0 ? Number(argv[at('orders') + 1]) : pg ? 1_250_000 : 100_000;
const runs = at('runs') >= 0 ? Number(argv[at('runs') + 1]) : 5;
const TARGET_MS = 1000;

/** India's current month, first to last day. */
function currentMonth(): string {
  const today = new Date(Date.now() + 330 * 60_000);
  const [y, m] = [today.getUTCFullYear(), today.getUTCMonth()];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const mm = String(m + 1).padStart(2, '0');
  return `from=${y}-${mm}-01&to=${y}-${mm}-${String(last).padStart(2, '0')}`;
}

type Call = { name: string; path: string };

/** The database alone: each summary report's page, totals and count, through summaryPage here. */
async function ceiling(open: () => Promise<import('../apps/api/src/db/client.ts').Database>) {
  const { SUMMARIES } = await import('../apps/api/src/modules/reports/catalog.ts');
  const { summaryPage } = await import('../apps/api/src/modules/reports/summary.ts');
  const { viewerById } = await import('../apps/api/src/lib/access.ts');
  const { sql } = await import('drizzle-orm');
  const database = await open();
  try {
    const [owner] = (
      (await database.db.execute(sql`select id from users where email = 'owner@demo.test'`)) as unknown as { rows: { id: number }[] }
    ).rows;
    const viewer = await viewerById(database.db, owner?.id ?? 0);
    if (!viewer) {
      throw new Error('the demo owner is missing');
    }
    console.log('\nceiling: the database alone, every day, slowest of the runs');
    for (const def of SUMMARIES) {
      const scope = def.scope(viewer, {});
      if (!scope) {
        continue;
      }
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await summaryPage(database.reports, def, scope, def.groupBy ? { groupBy: 'month' } : {}, 1, 25);
        ms.push(performance.now() - started);
      }
      console.log(
        `${`${def.name}${def.groupBy ? ' groupBy=month' : ''}`.padEnd(42)}     slowest ${Math.max(...ms)
          .toFixed(0)
          .padStart(6)} ms`,
      );
    }
  } finally {
    await database.close();
  }
}

function calls(): Call[] {
  const month = currentMonth();
  const reports = [
    'spend?groupBy=month',
    'spend?groupBy=lane',
    'spend?groupBy=plant',
    'spend?groupBy=carrier',
    'bid-summary?',
    'carrier-scorecard?',
    'gate-turnaround?',
    'indent-fulfilment?',
    'contract-performance?',
    'eway-compliance?',
  ];
  return [
    ...reports.map((r) => ({ name: `${r.replace('?', ' ')} (this month)`.replace('  ', ' '), path: `/api/reports/${r}&${month}` })),
    ...reports.map((r) => ({ name: `${r.replace('?', ' ')} (every day)`.replace('  ', ' '), path: `/api/reports/${r}` })),
    { name: 'spend, one lane (every day)', path: `/api/reports/spend?groupBy=month&lane=${encodeURIComponent('LANE')}` },
    { name: 'lane picker, spend', path: '/api/reports/spend/lanes' },
    { name: 'lane picker, searched', path: '/api/reports/spend/lanes?search=sur' },
  ];
}

async function timeCall(base: string, token: string, path: string): Promise<{ ms: number[]; status: number }> {
  const ms: number[] = [];
  let status = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    ms.push(performance.now() - started);
    status = res.status;
  }
  return { ms: ms.sort((a, b) => a - b), status };
}

async function main() {
  const db = await seededListsDatabase(pg, { reuse: argv.includes('--reuse'), orders });
  try {
    const api = await startBenchApi(db.env, argv.includes('--tsx'));
    try {
      const token = await loginDemoOwner(api.base);
      const lanes = await fetch(`${api.base}/api/reports/spend/lanes`, { headers: { authorization: `Bearer ${token}` } });
      const [lane] = ((await lanes.json()) as { data: string[] }).data;
      console.log(`\n${runs} calls each, one at a time; target ≤ ${TARGET_MS} ms (the slowest of the ${runs})`);
      let worst = 0;
      for (const call of calls()) {
        const path = call.path.replace(encodeURIComponent('LANE'), encodeURIComponent(lane ?? ''));
        const { ms, status } = await timeCall(api.base, token, path);
        const slowest = ms.at(-1) ?? 0;
        worst = Math.max(worst, slowest);
        console.log(
          `${call.name.padEnd(42)} ${status} median ${(ms[Math.floor(ms.length / 2)] ?? 0).toFixed(0).padStart(6)} ms, slowest ${slowest
            .toFixed(0)
            .padStart(6)} ms ${slowest <= TARGET_MS ? '' : '← over the target'}`,
        );
      }
      console.log(`slowest call: ${worst.toFixed(0)} ms (target ≤ ${TARGET_MS}: ${worst <= TARGET_MS ? 'yes' : 'NO'})`);
    } finally {
      await api.stop();
    }
    await ceiling(db.open);
    console.log(
      `load average: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at the end`,
    );
  } finally {
    if (!argv.includes('--keep')) {
      await db.drop();
    }
  }
}

await main();
