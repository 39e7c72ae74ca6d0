import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Database } from '../apps/api/src/db/client.ts';
import { percentile } from './bench-database.ts';
import { measureCeiling, type StoredDevice, startBareServer } from './ingest-ceiling.ts';
import { checkStored } from './ingest-check.ts';
import type { LoadJob, LoadResult } from './ingest-load.ts';
import { backendsOf, trackCpu } from './proc-sample.ts';
import type { Fleet } from './tracking-fleet.ts';

/** Issue 10's measure of bench:ingest (`--closed`, `--rate N`): one run of the phones, the check, the database and HTTP ceilings. */

type Run = (job: LoadJob, onTimed: () => void) => Promise<LoadResult>;
type ClosedArgs = { seconds: number; ceiling: boolean };

/** The HTTP ceiling: the same phones against a bare Node server that answers 200 at once, storing nothing. */
async function httpCeiling(job: LoadJob, run: Run): Promise<{ rate: number; serverCpuUs: number }> {
  const bare = await startBareServer();
  let cpu = process.cpuUsage();
  const result = await run({ ...job, port: bare.port }, () => {
    cpu = process.cpuUsage();
  });
  const used = process.cpuUsage(cpu);
  await bare.close();
  return { rate: result.timedAcked / (result.elapsedMs / 1000), serverCpuUs: (used.user + used.system) / result.timedAcked };
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? 0)}`;
};

export type Stored = { database: Database; url: string | null; fleet: Fleet };

/** Issue 10's measure: the phones as fast as answers come (or paced with --rate), the check, then both ceilings. */
export async function closedRun(
  args: ClosedArgs,
  job: LoadJob,
  { database, url, fleet, commits }: Stored & { commits: { latencies: number[] } },
  run: Run,
) {
  // The database's CPU: its backends serving this run (PostgreSQL; PGlite runs in the server's process).
  const backends = () => (url ? backendsOf(new URL(url).pathname.slice(1)) : []);
  let dbCpu: ReturnType<typeof trackCpu> | undefined;
  let cpuAtStart = process.cpuUsage();
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const result = await run(job, () => {
    loopDelay.reset();
    commits.latencies = [];
    cpuAtStart = process.cpuUsage();
    dbCpu = url ? trackCpu(backends) : undefined;
  });
  const cpu = process.cpuUsage(cpuAtStart);
  loopDelay.disable();
  const dbCpuSeconds = dbCpu?.stop();
  const seconds = result.elapsedMs / 1000;
  const rate = result.timedAcked / seconds;
  console.log(`ingested:          ${result.timedAcked} positions in ${seconds.toFixed(2)} s = ${rate.toFixed(0)} positions/s`);
  console.log(`receive-to-commit: ${spread(commits.latencies)} (server side, ${commits.latencies.length} positions)`);
  console.log(`round trip:        ${spread(result.latencies)} (as the phones see it)`);
  console.log(
    `answers:           ${Object.entries(result.answers)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ')}`,
  );
  const cores = (x: number) => (x / seconds).toFixed(2);
  console.log(
    `CPU (cores):       server ${cores((cpu.user + cpu.system) / 1e6)} (${((cpu.user + cpu.system) / result.timedAcked).toFixed(0)} µs a position, ${(cpu.system / result.timedAcked).toFixed(0)} of them in the kernel), ` +
      `phones ${cores(result.cpuSeconds)}` +
      `${dbCpuSeconds === undefined ? '' : `, PostgreSQL backends ${cores(dbCpuSeconds)}`}, of ${os.cpus().length}; ` +
      `server event-loop delay p50 ${ms(loopDelay.percentile(50) / 1e6)}, p99 ${ms(loopDelay.percentile(99) / 1e6)}`,
  );
  const check = await checkStored(database.db, fleet, result);
  if (args.ceiling) {
    await bothCeilings(
      args,
      job,
      { database, url, fleet, run },
      { rate, meanBatch: check.meanBatch, devices: check.devices, lastFix: result.lastFix },
    );
  }
  return { ...check, held: undefined as boolean | undefined };
}

/** The database ceiling (the writer's insert from plain clients, after the check: its rows come later) and the HTTP ceiling. */
async function bothCeilings(
  args: ClosedArgs,
  job: LoadJob,
  { database, url, run }: Stored & { run: Run },
  app: { rate: number; meanBatch: number; devices: StoredDevice[]; lastFix: number[] },
) {
  const concurrency = database.kind === 'pglite' ? 1 : 4;
  const batch = Math.max(1, Math.round(app.meanBatch));
  const ceiling = await measureCeiling(database, url, app.devices, {
    batch,
    concurrency,
    seconds: args.seconds,
    firstFix: Math.max(...app.lastFix) + 1000,
  });
  const ceilingRate = ceiling.rows / (ceiling.elapsedMs / 1000);
  console.log(
    `ceiling:           ${ceilingRate.toFixed(0)} rows/s (the writer's insert from a plain client, ${batch} rows a transaction, ` +
      `${concurrency} at a time, ${ceiling.transactions} transactions); the app reached ${((100 * app.rate) / ceilingRate).toFixed(0)}% of it`,
  );
  const bare = await httpCeiling(job, run);
  console.log(
    `HTTP ceiling:      ${bare.rate.toFixed(0)} requests/s (the same phones against a bare Node server answering 200 at once, ` +
      `${bare.serverCpuUs.toFixed(0)} µs of its CPU a request); the app reached ${((100 * app.rate) / bare.rate).toFixed(0)}% of it`,
  );
}
