// Benchmark: a live auction (issue 4 target: 64 carriers bidding on one request, at least 1,000
// accepted bids/s on PostgreSQL and 200/s on PGlite, p99 latency at most 100 ms).
// Run: npm run bench:bids                   (embedded PGlite, in memory)
//      npm run bench:bids -- --pg           (PostgreSQL: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
//                                            the run uses a new temporary database and drops it afterwards)
// Options: --carriers 64  --seconds 10 (timed phase) or --bids N (per carrier)  --warmup 5 (bids per carrier, not timed)
//          --decrement 5 (the shipper's minimum decrement in rupees)
//          --rate N (offered load: N bids/s in all, each carrier paced; default: as fast as answers come)
//
// The real app listens on a local port; the carriers are 64 HTTP clients with keep-alive
// connections in a child process (so the load generator does not share the server's event loop).
// Each keeps lowering its own bid by a random step of at least the minimum decrement. At the end the
// database is checked: every carrier's revisions strictly decrease by the decrement, the bid rows
// match their last revision, and the board's ranks follow amount, then bid time, then id.
import { fork } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { openBenchDatabase, percentile } from './bench-database.ts';

type Args = { pg: boolean; carriers: number; seconds: number; bids: number; warmup: number; decrement: number; rate: number };

type Job = { port: number; requestId: number; tokens: string[]; args: Args };

type Result = { latencies: number[]; accepted: number; rejected: Record<string, number>; elapsedMs: number; warmupAccepted: number };

function parseArgs(argv: string[]): Args {
  const value = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  const bids = value('bids', 0);
  return {
    pg: argv.includes('--pg') || Boolean(process.env.DATABASE_URL),
    carriers: value('carriers', 64),
    seconds: bids ? 0 : value('seconds', 10),
    bids,
    warmup: value('warmup', 5),
    decrement: value('decrement', 5),
    rate: value('rate', 0),
  };
}

// ---------------------------------------------------------------------------------------------
// The load generator (child process): one loop per carrier, each with its own keep-alive socket.

function post(agent: http.Agent, port: number, path: string, token: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function generateLoad(job: Job): Promise<Result> {
  const { port, requestId, tokens, args } = job;
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
  const path = `/api/carrier/requests/${requestId}/bids`;
  const stepPaise = Math.max(1, Math.round(args.decrement * 100));
  const latencies: number[] = [];
  const rejected: Record<string, number> = {};
  let accepted = 0;
  let warmupAccepted = 0;
  // Every carrier starts around ₹5,00,000 and only goes down, each from its own amount.
  const carriers = tokens.map((token, i) => ({ token, vehicles: 1 + (i % 3), current: 50_000_000 + i * 137 }));
  const bidOnce = async (carrier: (typeof carriers)[number], timed: boolean) => {
    const next = carrier.current - stepPaise - Math.floor(Math.random() * 3 * stepPaise);
    const body = JSON.stringify({ amountRupees: next / 100, vehicles: carrier.vehicles });
    const started = performance.now();
    let outcome: string;
    try {
      const res = await post(agent, port, path, carrier.token, body);
      if (res.status === 201) {
        const data = JSON.parse(res.body).data as { amountRupees: number; rank: number | null };
        outcome = Math.round(data.amountRupees * 100) === next && data.rank !== null ? 'ok' : 'WRONG_POSITION';
      } else {
        outcome = `${res.status} ${(JSON.parse(res.body) as { error?: { code?: string } }).error?.code ?? ''}`.trim();
      }
    } catch (err) {
      outcome = `network ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`;
    }
    const ms = performance.now() - started;
    if (outcome === 'ok') {
      carrier.current = next;
    }
    if (!timed) {
      warmupAccepted += outcome === 'ok' ? 1 : 0;
      return;
    }
    latencies.push(ms);
    if (outcome === 'ok') {
      accepted++;
    } else {
      rejected[outcome] = (rejected[outcome] ?? 0) + 1;
    }
  };
  await Promise.all(
    carriers.map(async (carrier) => {
      for (let n = 0; n < args.warmup; n++) {
        await bidOnce(carrier, false);
      }
    }),
  );
  const started = performance.now();
  const deadline = started + args.seconds * 1000;
  // With --rate, each carrier is paced to rate/carriers bids per second (staggered starts): the
  // latency a carrier sees at that offered load. Without it, every carrier bids again at once.
  const interval = args.rate > 0 ? (1000 * carriers.length) / args.rate : 0;
  await Promise.all(
    carriers.map(async (carrier, i) => {
      for (let n = 0; args.bids ? n < args.bids : performance.now() < deadline; n++) {
        const due = started + (i / carriers.length + n) * interval;
        const wait = due - performance.now();
        if (wait > 0) {
          await new Promise((r) => setTimeout(r, wait));
        }
        if (!args.bids && performance.now() >= deadline) {
          break;
        }
        await bidOnce(carrier, true);
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return { latencies, accepted, rejected, elapsedMs, warmupAccepted };
}

const LOAD_GENERATOR = '--load-generator';
const isLoadGenerator = process.argv.includes(LOAD_GENERATOR);
if (isLoadGenerator) {
  process.once('message', (job: Job) => {
    generateLoad(job).then(
      (result) => process.send?.(result, () => process.exit(0)),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// The server side (main thread): database, app, shipper, carriers and the request.

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const { sql } = await import('drizzle-orm');
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { loadConfig } = await import('../apps/api/src/config.ts');
  const { ensureReferenceData } = await import('../apps/api/src/db/open.ts');
  const { DEMO_PASSWORD, seedDemo } = await import('../apps/api/src/db/seed/demo.ts');
  const { bidVisibilitySettings } = await import('../apps/api/src/db/schema/settings.ts');

  const { name, database, drop } = await openBenchDatabase(args.pg, 'fd_bench_bids');
  let closed = false;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const cleanup = async () => {
    if (!closed) {
      closed = true;
      await app?.close().catch(() => {});
      await database.close().catch(() => {});
      await drop();
    }
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));
  try {
    await database.migrate();
    await ensureReferenceData(database.db);
    await seedDemo(database.db);
    app = await buildApp({
      database,
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      logger: false,
      mailer: { send: async () => {} },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    app.deps.jobs.start();
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const base = `http://127.0.0.1:${port}`;
    const call = async (method: string, path: string, token: string | null, payload?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
        body: payload ? JSON.stringify(payload) : undefined,
      });
      const json = (await res.json()) as { data?: unknown; error?: unknown };
      if (res.status >= 300) {
        throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json.error)}`);
      }
      return json.data as never;
    };
    const login = async (email: string) =>
      ((await call('POST', '/api/auth/login', null, { login: email, password: DEMO_PASSWORD })) as { token: string }).token;

    // The shipper: its auction rule (ranks and the lowest price shown, a minimum decrement).
    const owner = await login('owner@demo.test');
    const ownerRow = (
      (await database.db.execute(sql`select industry_id, password_hash from users where email = 'owner@demo.test'`)) as unknown as {
        rows: { industry_id: number; password_hash: string }[];
      }
    ).rows[0];
    if (!ownerRow) {
      throw new Error('demo owner missing');
    }
    await database.db.insert(bidVisibilitySettings).values({
      industryId: ownerRow.industry_id,
      visibility: 'rank_and_lowest',
      minDecrementPaise: Math.round(args.decrement * 100),
      antiSnipingMinutes: 5,
    });

    // 64 carrier companies added to My Carriers; each carrier user gets a password and logs in.
    const links: number[] = [];
    for (let i = 0; i < args.carriers; i++) {
      const added = (await call('POST', '/api/carriers', owner, {
        name: `Bench Roadways ${i}`,
        contactName: `Dispatcher ${i}`,
        mobile: `8${String(700_000_000 + i)}`,
        email: `bench${i}@carrier.test`,
      })) as { id: number };
      links.push(added.id);
    }
    await database.db.execute(
      sql`update users set password_hash = ${ownerRow.password_hash} where user_type = 2 and email like 'bench%@carrier.test'`,
    );
    const tokens: string[] = [];
    for (let i = 0; i < args.carriers; i++) {
      tokens.push(await login(`bench${i}@carrier.test`));
    }

    // One open request inviting all of them; the bid end is 30 days away so anti-sniping never fires.
    const [plant] = (await call('GET', '/api/plants/options', owner)) as { id: number }[];
    const [vehicle] = (await call('GET', '/api/vehicle-types/options', owner)) as { id: number }[];
    const stop = (await call('POST', '/api/stops', owner, {
      name: 'Surat DC',
      type: 'drop',
      address: 'Yard',
      city: 'Surat',
      state: 'Gujarat',
      pincode: '395003',
      latitude: 21.17,
      longitude: 72.83,
    })) as { id: number };
    const day = 86_400_000;
    const request = (await call('POST', '/api/requests/outbound', owner, {
      requestType: 1,
      plantId: plant?.id,
      dropoffs: [{ stopId: stop.id }],
      weightTonnes: 20,
      vehicleTypeId: vehicle?.id,
      vehicleCount: 3,
      bidStartAt: new Date(Date.now() - 60_000).toISOString(),
      bidEndAt: new Date(Date.now() + 30 * day).toISOString(),
      pickupAt: new Date(Date.now() + 31 * day).toISOString(),
      targetPriceRupees: 500_000,
      carrierLinkIds: links,
    })) as { id: number; status: string; bidEndAt: string };
    if (request.status !== 'open') {
      throw new Error(`the request is ${request.status}, not open`);
    }

    const phase = `${args.bids ? `${args.bids} bids per carrier` : `${args.seconds} s`}${args.rate ? ` at an offered ${args.rate} bids/s` : ''}`;
    const cpus = os.cpus();
    console.log(
      `machine: ${cpus.length} cores (${cpus[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    );
    console.log(
      `${name}: ${args.carriers} carriers, minimum decrement ₹${args.decrement}, ${args.warmup} warm-up bids each, then ${phase}`,
    );
    const result = await new Promise<Result>((resolve, reject) => {
      // The same file under tsx, in its own process; it answers with its figures over IPC.
      const child = fork(fileURLToPath(import.meta.url), [LOAD_GENERATOR], { execArgv: process.execArgv });
      child.once('message', (message) => resolve(message as Result));
      child.once('error', reject);
      child.once('exit', (code) => code && reject(new Error(`the load generator exited with ${code}`)));
      child.send({ port, requestId: request.id, tokens, args } satisfies Job);
    });

    const sorted = [...result.latencies].sort((a, b) => a - b);
    const rate = result.accepted / (result.elapsedMs / 1000);
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    console.log(`accepted bids:  ${result.accepted} in ${(result.elapsedMs / 1000).toFixed(2)} s = ${rate.toFixed(0)} bids/s`);
    console.log(
      `latency:        p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? 0)}`,
    );
    const rejectedText = Object.entries(result.rejected)
      .map(([code, n]) => `${code}: ${n}`)
      .join(', ');
    console.log(`rejected bids:  ${rejectedText || 'none'}`);

    // The database afterwards: decrements per carrier, bid rows against their revisions, ranks.
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const minStep = Math.max(1, Math.round(args.decrement * 100));
    const [decrements] = await rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select amount_paise, lag(amount_paise) over (partition by bid_id order by id) as prev
        from bid_revisions where bid_id in (select id from bids where request_id = ${request.id})) x
      where prev is not null and prev - amount_paise < ${minStep}`);
    const [mismatched] = await rows<{ n: number }>(sql`
      select count(*)::int as n from bids b
      where b.request_id = ${request.id} and (
        b.revisions <> (select count(*) - 1 from bid_revisions r where r.bid_id = b.id)
        or b.amount_paise <> (select r.amount_paise from bid_revisions r where r.bid_id = b.id order by r.id desc limit 1))`);
    const [stored] = await rows<{ n: number }>(
      sql`select count(*)::int as n from bid_revisions where bid_id in (select id from bids where request_id = ${request.id})`,
    );
    const board = (await call('GET', `/api/requests/outbound/${request.id}/bids`, owner)) as {
      id: number;
      rank: number;
      carrierLinkId: number;
      amountRupees: number;
      bidAt: string;
    }[];
    const byRule = [...board].sort((a, b) => a.amountRupees - b.amountRupees || a.bidAt.localeCompare(b.bidAt) || a.id - b.id);
    const rankViolations = board.filter((b, i) => b.rank !== i + 1 || byRule[i]?.id !== b.id).length;
    const carriersOnBoard = new Set(board.map((b) => b.carrierLinkId)).size;
    const expectedRevisions = result.accepted + result.warmupAccepted;
    const problems = [
      decrements?.n ? `${decrements.n} revisions lowered by less than the decrement` : '',
      mismatched?.n ? `${mismatched.n} bids disagree with their revisions` : '',
      stored?.n !== expectedRevisions ? `${stored?.n} revisions stored for ${expectedRevisions} accepted bids` : '',
      rankViolations ? `${rankViolations} board rows out of rank order` : '',
      carriersOnBoard !== board.length || board.length !== args.carriers ? `${board.length} bids from ${carriersOnBoard} carriers` : '',
      result.rejected.WRONG_POSITION ? 'some accepted bids answered a wrong position' : '',
    ].filter(Boolean);
    console.log(
      problems.length
        ? `check:          FAILED: ${problems.join('; ')}`
        : `check:          ok (${stored?.n} revisions, decrements and ranks hold; L1 ₹${board[0]?.amountRupees})`,
    );
    await cleanup();
    process.exitCode = problems.length ? 1 : 0;
  } catch (err) {
    await cleanup();
    throw err;
  }
}

if (!isLoadGenerator) {
  await main();
}
