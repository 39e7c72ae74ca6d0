// Benchmark: report exports at scale (issue 12 targets: 1,000,000 orders exported in at most 60 s
// on PostgreSQL and 120 s on PGlite, with at most 100 MB of extra memory in the API process).
// Run: npm run bench:export                  (embedded PGlite in a temporary folder)
//      npm run bench:export -- --pg          (PostgreSQL: the lists bench's database on the server of
//                                             DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
// Options: --orders N (1,250,000 seeded: the demo shipper's 1,000,000 are exported)  --format csv|xlsx|both (both)  --keep / --reuse (as bench:lists)
//          --tsx (the API from its sources under tsx)
//
// The data is the lists bench's (bench/lists-seed.ts: 80% of the orders the demo shipper's). The
// API runs as its own process, as npm start runs it; the bench asks it for the order register of
// every order of the demo shipper through POST /api/exports, polls the job's progress as the app's progress
// bar does, downloads the file, and samples the API's resident memory all along. The ceiling is
// the database alone reading the same rows, the
// same keyset batches from this process on PGlite.
import os from 'node:os';
import { loginDemoOwner } from './api-server.ts';
import { type openListsDatabase, seededListsDatabase, startBenchApi } from './lists-database.ts';
import { rssOf } from './proc-sample.ts';

const argv = process.argv.slice(2);
const at = (name: string) => argv.indexOf(`--${name}`);
const pg = argv.includes('--pg') || Boolean(process.env.DATABASE_URL);
// 80% of the seeded orders are the demo shipper's: 1,250,000 seeded make an export of 1,000,000.
const orders = at('orders') >= 0 ? Number(argv[at('orders') + 1]) : 1_250_000;
const formatArg = at('format') >= 0 ? argv[at('format') + 1] : 'both';
const formats = (formatArg === 'both' ? ['csv', 'xlsx'] : [formatArg]) as ('csv' | 'xlsx')[];
const target = pg ? 60 : 120;
const MB = 2 ** 20;

type Run = { format: string; rows: number; seconds: number; bytes: number; baseMb: number; peakMb: number; downloadSeconds: number };

async function exportOnce(base: string, token: string, pid: number, format: 'csv' | 'xlsx'): Promise<Run> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const baseMb = rssOf(pid) / MB;
  let peakMb = baseMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssOf(pid) / MB);
  }, 100);
  const started = Date.now();
  try {
    const asked = await fetch(`${base}/api/exports`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ report: 'order-register', format, params: {} }),
    });
    const job = ((await asked.json()) as { data: { id: number } }).data;
    let last = -1;
    for (;;) {
      const view = (
        (await (await fetch(`${base}/api/exports/${job.id}`, { headers })).json()) as {
          data: { status: string; rowsDone: number; rowsTotal: number | null; bytes: number | null; error: string | null };
        }
      ).data;
      if (view.status === 'failed') {
        throw new Error(`export failed: ${view.error}`);
      }
      if (view.status === 'done') {
        const seconds = (Date.now() - started) / 1000;
        const fetchStarted = Date.now();
        const file = await fetch(`${base}/api/exports/${job.id}/file`, { headers });
        let bytes = 0;
        for await (const chunk of file.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
        }
        return { format, rows: view.rowsDone, seconds, bytes, baseMb, peakMb, downloadSeconds: (Date.now() - fetchStarted) / 1000 };
      }
      // The job estimates its rows first (rowsTotal is null until then).
      const pct = view.rowsTotal ? Math.floor((view.rowsDone / view.rowsTotal) * 10) : -1;
      if (pct !== last && view.rowsTotal) {
        last = pct;
        process.stdout.write(
          `  ${format} progress ${view.rowsDone.toLocaleString('en-IN')} of ${view.rowsTotal.toLocaleString('en-IN')}\n`,
        );
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    clearInterval(sampler);
  }
}

const CEILING_SQL = `select o.number, o.request_type, o.status, o.source, p.name as plant, c.name as carrier, vt.name as vehicle_type,
  o.vehicle_number, o.driver_name, o.pickup_at, o.gate_in_at, o.gate_out_at, o.delivered_at, o.rejected_at, o.price_paise,
  o.price_basis, o.weight_tonnes
  from orders o join plants p on p.id = o.plant_id join industry_carriers ic on ic.id = o.industry_carrier_id
  join carriers c on c.id = ic.carrier_id join vehicle_types vt on vt.id = o.vehicle_type_id
  where o.industry_id = (select industry_id from users where email = 'owner@demo.test')`;

/** The database alone: the same rows in keyset batches of 5,000 on one connection. */
async function ceiling(db: Awaited<ReturnType<typeof openListsDatabase>>): Promise<{ rows: number; seconds: number }> {
  const started = Date.now();
  if (db.url) {
    const { default: pgLib } = await import('pg');
    const client = new pgLib.Client({ connectionString: db.url });
    await client.connect();
    try {
      let rows = 0;
      let before = 2 ** 31 - 1;
      for (;;) {
        const batch = await client.query(
          `${CEILING_SQL.replace('select o.number', 'select o.id, o.number')} and o.id < $1 order by o.id desc limit 5000`,
          [before],
        );
        rows += batch.rows.length;
        if (batch.rows.length < 5000) {
          return { rows, seconds: (Date.now() - started) / 1000 };
        }
        before = Number(batch.rows.at(-1)?.id);
      }
    } finally {
      await client.end();
    }
  }
  const database = await db.open();
  try {
    let rows = 0;
    let before = 2 ** 31 - 1;
    for (;;) {
      const batch = await database.client?.query<{ id: number }>(
        `${CEILING_SQL.replace('select o.number', 'select o.id, o.number')} and o.id < $1 order by o.id desc limit 5000`,
        [before],
      );
      const got = batch?.rows ?? [];
      rows += got.length;
      if (got.length < 5000) {
        return { rows, seconds: (Date.now() - started) / 1000 };
      }
      before = Number(got.at(-1)?.id);
    }
  } finally {
    await database.close();
  }
}

async function main() {
  const db = await seededListsDatabase(pg, { reuse: argv.includes('--reuse'), orders });
  try {
    const api = await startBenchApi(db.env, argv.includes('--tsx'));
    const runs: Run[] = [];
    try {
      const token = await loginDemoOwner(api.base);
      for (const format of formats) {
        runs.push(await exportOnce(api.base, token, api.pid, format));
      }
    } finally {
      await api.stop();
    }
    const floor = await ceiling(db);
    console.log(`\nceiling (database alone): ${floor.rows.toLocaleString('en-IN')} rows in ${floor.seconds.toFixed(1)} s`);
    for (const r of runs) {
      const extra = r.peakMb - r.baseMb;
      console.log(
        `${r.format.padEnd(5)} ${r.rows.toLocaleString('en-IN')} rows in ${r.seconds.toFixed(1)} s (target ≤ ${target} s: ${r.seconds <= target ? 'yes' : 'NO'}), ` +
          `${(r.bytes / MB).toFixed(0)} MB file downloaded in ${r.downloadSeconds.toFixed(1)} s; API memory ${r.baseMb.toFixed(0)} → peak ${r.peakMb.toFixed(0)} MB ` +
          `(+${extra.toFixed(0)} MB, target ≤ 100: ${extra <= 100 ? 'yes' : 'NO'}); ${((floor.seconds / r.seconds) * 100).toFixed(0)}% of the ceiling's speed`,
      );
    }
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
