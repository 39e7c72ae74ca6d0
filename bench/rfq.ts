// Benchmark: a big RFQ (issue 11 target: 500 lanes × 30 carriers = 15,000 quotes imported, quoted,
// compared and awarded, each page answering in under 500 ms on PostgreSQL and 2 s on PGlite).
// Run: npm run bench:rfq                 (embedded PGlite, in memory)
//      npm run bench:rfq -- --pg         (PostgreSQL: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
//                                          the run uses a new temporary database and drops it afterwards)
// Options: --lanes 500  --carriers 30  --repeat 5 (reads of each page, for p50 / max)
//
// The real app listens on a local port and is driven over HTTP as the pages drive it: the lane
// sheet is uploaded (XLSX) and read into lanes, the RFQ saved and round 1 opened, every carrier
// posts its 500 quotes, the round is closed, the detail and comparison pages are read, and every
// lane is awarded 60/40 to its L1 and L2. Beside the comparison, the ceiling: the bare SQL of its
// standing-quotes query, timed in the same run on the same database.
import ExcelJS from 'exceljs';
import { openBenchDatabase, percentile } from './bench-database.ts';

type Args = { pg: boolean; lanes: number; carriers: number; repeat: number };

function parseArgs(argv: string[]): Args {
  const value = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  return {
    pg: argv.includes('--pg') || Boolean(process.env.DATABASE_URL),
    lanes: value('lanes', 500),
    carriers: value('carriers', 30),
    repeat: value('repeat', 5),
  };
}

type Timed = { step: string; ms: number[]; page: boolean };

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const { sql } = await import('drizzle-orm');
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { loadConfig } = await import('../apps/api/src/config.ts');
  const { ensureReferenceData } = await import('../apps/api/src/db/open.ts');
  const { DEMO_PASSWORD, seedDemo } = await import('../apps/api/src/db/seed/demo.ts');
  const { closeRound } = await import('../apps/api/src/modules/rfqs/rfq-rounds.service.ts');

  const { name, database, drop } = await openBenchDatabase(args.pg, 'fd_bench_rfq');
  const app = await (async () => {
    await database.migrate();
    await ensureReferenceData(database.db);
    await seedDemo(database.db);
    return buildApp({ database, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false, mailer: { send: async () => {} } });
  })();
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const timings: Timed[] = [];
    const time = async <T>(step: string, page: boolean, run: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const out = await run();
      const ms = performance.now() - started;
      const entry = timings.find((x) => x.step === step);
      if (entry) {
        entry.ms.push(ms);
      } else {
        timings.push({ step, ms: [ms], page });
      }
      return out;
    };
    const call = async (method: string, path: string, token: string | null, payload?: unknown, form?: FormData) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
        body: form ?? (payload ? JSON.stringify(payload) : undefined),
      });
      const json = (await res.json()) as { data?: unknown; error?: unknown };
      if (res.status >= 300) {
        throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json.error).slice(0, 500)}`);
      }
      return json.data as never;
    };
    const login = async (email: string) =>
      ((await call('POST', '/api/auth/login', null, { login: email, password: DEMO_PASSWORD })) as { token: string }).token;

    // The shipper, its carriers (each with a login), 50 delivery locations and its vehicle types.
    const owner = await login('owner@demo.test');
    const links: number[] = [];
    for (let i = 0; i < args.carriers; i++) {
      const added = (await call('POST', '/api/carriers', owner, {
        name: `Bench Logistics ${i}`,
        contactName: `Dispatcher ${i}`,
        mobile: `8${String(710_000_000 + i)}`,
        email: `rfqbench${i}@carrier.test`,
      })) as { id: number };
      links.push(added.id);
    }
    await database.db.execute(
      sql`update users set password_hash = (select password_hash from users where email = 'owner@demo.test') where email like 'rfqbench%@carrier.test'`,
    );
    const tokens = await Promise.all(links.map((_, i) => login(`rfqbench${i}@carrier.test`)));
    const [plant] = (await call('GET', '/api/plants/options', owner)) as { id: number }[];
    const plants = (await call('GET', '/api/plants?pageSize=100', owner)) as { id: number; code: string }[];
    const plantCode = plants.find((p) => p.id === plant?.id)?.code ?? '';
    const vehicles = (await call('GET', '/api/vehicle-types/options', owner)) as { id: number; name: string }[];
    const stops: string[] = [];
    for (let i = 0; i < 50; i++) {
      const stopName = `Bench Depot ${i}`;
      await call('POST', '/api/stops', owner, {
        name: stopName,
        type: 'drop',
        address: `Yard ${i}`,
        city: 'Surat',
        state: 'Gujarat',
        pincode: '395003',
        latitude: 21 + i / 100,
        longitude: 72.8,
      });
      stops.push(stopName);
    }

    // The lane sheet, uploaded and read; the RFQ saved and published.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Lanes');
    sheet.addRow([
      'Origin type',
      'Origin',
      'Destination type',
      'Destination',
      'Vehicle type',
      'Trips per month',
      'Material',
      'Weight (t)',
      'Benchmark rate (₹)',
    ]);
    for (let i = 0; i < args.lanes; i++) {
      sheet.addRow([
        'Plant',
        plantCode,
        'Location',
        stops[i % stops.length],
        vehicles[i % vehicles.length]?.name,
        10 + (i % 40),
        '',
        18,
        40_000 + i * 10,
      ]);
    }
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const upload = () => {
      const form = new FormData();
      form.append('file', new Blob([xlsx]), 'lanes.xlsx');
      return call('POST', '/api/rfqs/lanes/import', owner, undefined, form);
    };
    // The first upload after a start also starts the import worker; timed apart from the uploads after it.
    await time('lane sheet read, first after start', false, upload);
    let imported: unknown;
    for (let r = 0; r < args.repeat; r++) {
      imported = await time('lane sheet read (upload)', true, upload);
    }
    const lanes = (imported as { lanes: Record<string, unknown>[] }).lanes.map(({ originLabel: _o, destinationLabel: _d, ...l }) => l);
    const rfq = (await time('RFQ saved (draft)', true, () =>
      call('POST', '/api/rfqs', owner, {
        title: 'Bench annual lanes',
        plantId: plant?.id,
        periodFrom: '2027-04-01',
        periodTo: '2028-03-31',
        lanes,
        carrierLinkIds: links,
      }),
    )) as { id: number };
    await time('round 1 opened', true, () =>
      call('POST', `/api/rfqs/${rfq.id}/rounds`, owner, { endsAt: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    const laneIds = ((await call('GET', `/api/rfqs/${rfq.id}`, owner)) as { laneList: { id: number }[] }).laneList.map((l) => l.id);

    // Every carrier quotes every lane (one call with all of its lanes, as its page saves them), one carrier at a time.
    for (const [c, token] of tokens.entries()) {
      const quotes = laneIds.map((laneId, i) => ({ laneId, amountRupees: 35_000 + ((i * 7919 + c * 104_729) % 10_000) }));
      await time(`carrier saves ${args.lanes} quotes`, true, () => call('POST', `/api/carrier/rfqs/${rfq.id}/quotes`, token, { quotes }));
    }
    await time('carrier reads its RFQ page', true, () => call('GET', `/api/carrier/rfqs/${rfq.id}`, tokens[0] ?? ''));
    await closeRound(database.db, rfq.id, 1);

    // The shipper's pages, read `repeat` times; the ceiling beside the comparison.
    let compare: { laneId: number; quotes: { carrierLinkId: number; rank: number | null }[] }[] = [];
    for (let r = 0; r < args.repeat; r++) {
      await time('RFQ detail page', true, () => call('GET', `/api/rfqs/${rfq.id}`, owner));
      compare = await time('comparison page (L1–L3, spread, saving)', true, () => call('GET', `/api/rfqs/${rfq.id}/compare`, owner));
      await time('ceiling: standing quotes, bare SQL', false, () =>
        database.db.execute(sql`select distinct on (q.lane_id, q.industry_carrier_id) q.lane_id, q.industry_carrier_id, q.amount_paise
          from rfq_quotes q join rfq_rounds r on r.id = q.round_id where q.rfq_id = ${rfq.id}
          order by q.lane_id, q.industry_carrier_id, r.number desc`),
      );
    }
    const quotesCount = compare.reduce((n, l) => n + l.quotes.length, 0);
    const award = compare.map((l) => {
      const [first, second] = l.quotes.filter((q) => q.rank !== null).sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
      return {
        laneId: l.laneId,
        splits: [
          { carrierLinkId: first?.carrierLinkId, sharePct: 60 },
          { carrierLinkId: second?.carrierLinkId, sharePct: 40 },
        ],
      };
    });
    const made = (await time('award of every lane 60/40 (contracts made)', true, () =>
      call('POST', `/api/rfqs/${rfq.id}/award`, owner, { lanes: award }),
    )) as {
      contracts: unknown[];
    };
    await time('contract list page', true, () => call('GET', '/api/contracts?pageSize=25', owner));

    const target = args.pg ? 500 : 2000;
    console.log(
      `\n${name}: an RFQ of ${args.lanes} lanes × ${args.carriers} carriers (${quotesCount.toLocaleString('en-IN')} standing quotes), ${made.contracts.length} contracts`,
    );
    console.log(`target: every page under ${target} ms\n`);
    console.log(`${'step'.padEnd(48)} ${'calls'.padStart(5)} ${'p50 ms'.padStart(8)} ${'max ms'.padStart(8)}  verdict`);
    let failed = 0;
    for (const t of timings) {
      const sorted = [...t.ms].sort((a, b) => a - b);
      const max = sorted.at(-1) ?? 0;
      const ok = !t.page || max < target;
      failed += ok ? 0 : 1;
      const verdict = t.page ? (ok ? 'ok' : 'SLOW') : t.step.startsWith('ceiling') ? 'ceiling' : 'not judged';
      console.log(
        `${t.step.padEnd(48)} ${String(sorted.length).padStart(5)} ${percentile(sorted, 50).toFixed(0).padStart(8)} ${max.toFixed(0).padStart(8)}  ${verdict}`,
      );
    }
    console.log(failed ? `\n${failed} step(s) over the target` : '\nevery page under the target');
    process.exitCode = failed ? 1 : 0;
  } finally {
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    await drop();
  }
}

await main();
