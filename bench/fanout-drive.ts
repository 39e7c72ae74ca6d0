import type { ClientsResult, Stamp } from './fanout-clients.ts';
import type { FleetTrip } from './tracking-fleet.ts';

/** Commits (or, for the ceiling, sends) trip's n-th position; resolves once it is committed. */
export type Phase = (trip: FleetTrip, n: number, fixMs: number, point: { latitude: number; longitude: number }) => Promise<number>;

/** The server process measured: its CPU seconds so far and its resident memory now. */
export type Sampled = { cpuSeconds: () => number; rss: () => number };

/** This process, as the ceiling's server. */
export const thisProcess: Sampled = {
  cpuSeconds: () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1e6;
  },
  rss: () => process.memoryUsage().rss,
};

export type DriveResult = {
  committed: number;
  failed: number;
  elapsedMs: number;
  serverCpuSeconds: number;
  rssAtStart: number;
  rssPeak: number;
  /** Set by the caller when the database runs in processes of its own. */
  databaseCpuSeconds?: number;
};

const now = () => performance.timeOrigin + performance.now();
const TICK_MS = 5;
const STAMP_EVERY_MS = 20;

/**
 * Each trip's phone reports on a steady schedule (trips / rate seconds apart, the trips staggered),
 * moving a few hundred metres a report along its own lane, away from every stop. Each commit is
 * stamped and the stamps go to the tabs' processes every 20 ms. The server's CPU and RSS are
 * sampled meanwhile; the run waits 2 s after the last report for the deliveries in flight.
 */
export async function driveTrips(
  trips: FleetTrip[],
  opts: { rate: number; seconds: number },
  clients: { stamp: (items: Stamp[]) => void },
  phase: Phase,
  server: Sampled,
): Promise<DriveResult> {
  const interval = (1000 * trips.length) / opts.rate;
  const started = performance.now();
  const cpu = server.cpuSeconds();
  const rssAtStart = server.rss();
  let rssPeak = rssAtStart;
  let pending: Stamp[] = [];
  let committed = 0;
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const sent = new Array<number>(trips.length).fill(0);
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, server.rss());
    if (pending.length) {
      clients.stamp(pending);
      pending = [];
    }
  }, STAMP_EVERY_MS);
  const stopAt = started + opts.seconds * 1000;
  while (performance.now() < stopAt) {
    const t = performance.now();
    trips.forEach((trip, i) => {
      const n = sent[i] ?? 0;
      if (started + (i / trips.length + n) * interval > t) {
        return;
      }
      sent[i] = n + 1;
      const fixMs = Date.now();
      const point = { latitude: 20.1 + (i % 500) * 0.001 + n * 0.003, longitude: 73.9 - Math.floor(i / 500) * 0.01 - n * 0.003 };
      const done: Promise<void> = phase(trip, n, fixMs, point).then(
        () => {
          committed++;
          pending.push([trip.orderId, trip.plantId, fixMs, now()]);
          inFlight.delete(done);
        },
        () => {
          failed++;
          inFlight.delete(done);
        },
      );
      inFlight.add(done);
    });
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  await Promise.all(inFlight);
  const elapsedMs = performance.now() - started;
  const used = server.cpuSeconds() - cpu;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  clearInterval(sampler);
  clients.stamp(pending);
  return { committed, failed, elapsedMs, serverCpuSeconds: used, rssAtStart, rssPeak };
}

/** The value below which `p` per cent of the counted latencies lie. */
function percentile(histogram: number[], p: number): number {
  const total = histogram.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms] ?? 0;
    if (seen >= (p / 100) * total) {
      return ms;
    }
  }
  return histogram.length - 1;
}

/** The printed lines of one phase: commits, commit-to-browser latency, deliveries, CPU. */
export function summarise(label: string, result: ClientsResult, run: DriveResult): string {
  const seconds = run.elapsedMs / 1000;
  const max = result.histogram.reduce((last, n, ms) => (n > 0 ? ms : last), 0);
  const missing = result.expected - result.delivered;
  const pad = `${label}:`.padEnd(18);
  const db = run.databaseCpuSeconds === undefined ? '' : `, PostgreSQL backends ${(run.databaseCpuSeconds / seconds).toFixed(2)} cores`;
  return [
    `${pad}${run.committed} positions in ${seconds.toFixed(1)} s (${(run.committed / seconds).toFixed(0)}/s)${run.failed ? `, ${run.failed} FAILED` : ''}`,
    `${''.padEnd(18)}commit-to-browser p50 ${percentile(result.histogram, 50)} ms, p95 ${percentile(result.histogram, 95)} ms, ` +
      `p99 ${percentile(result.histogram, 99)} ms, max ${max} ms over ${result.delivered} deliveries ` +
      `(${missing ? `${missing} of ${result.expected} MISSING` : `all ${result.expected} expected`}${result.unmatched ? `, ${result.unmatched} unmatched` : ''})`,
    `${''.padEnd(18)}CPU: server ${(run.serverCpuSeconds / seconds).toFixed(2)} cores${db}, tabs' processes ${(result.cpuSeconds / seconds).toFixed(2)} cores`,
  ].join('\n');
}
