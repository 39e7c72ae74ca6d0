import { type CapacityOptions, findCapacity } from './capacity.ts';
import type { LoadResult } from './lists-load.ts';
import { backendsOf, trackCpu } from './proc-sample.ts';

/**
 * What the capacity benches (lists, bids, ingest; issue 36) share around the search of capacity.ts:
 * the CPU a call of a timed phase, the search with that CPU kept for each probe, and the lines
 * printed for a result and for its probes.
 */

/** CPU milliseconds a call: the server process, the database's backends, the load generator. */
export type Cpu = { server: number; db: number; bench: number };
/** A target measured: at a fixed rate, or at the highest rate that held the target (`rate`), with its probes. */
export type Measured = { load: LoadResult; cpuMs: Cpu; rate: number; probes?: string };

const NO_CPU: Cpu = { server: 0, db: 0, bench: 0 };
const NO_LOAD: LoadResult = { throughput: 0, p50: 0, p99: 0, max: 0, sent: 0, ok: 0, failed: {} };

/** This process's CPU seconds so far (the load generator, or the server when it runs here). */
export const ownCpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};

/**
 * The CPU a call of a timed phase: `server()` (CPU seconds of the server's process so far), the
 * backends serving PostgreSQL `database` (none on PGlite, whose engine is in the server's process),
 * and this process (the load generator).
 */
export async function timedCpu(load: () => Promise<LoadResult>, database: string | null, server: () => number) {
  const before = { server: server(), bench: ownCpu() };
  const db = database ? trackCpu(() => backendsOf(database)) : undefined;
  const result = await load();
  const per = (seconds: number) => (seconds * 1000) / Math.max(1, result.sent);
  return {
    load: result,
    cpuMs: { server: per(server() - before.server), db: per(db?.stop() ?? 0), bench: per(ownCpu() - before.bench) },
  };
}

/** Why a probe failed, in brief: its p99, its answered share of the offer, its failures. */
export function probeMiss(rate: number, r: LoadResult): string {
  const failed = Object.values(r.failed).reduce((a, b) => a + b, 0);
  return `p99 ${ms(r.p99)} ms, ${((100 * r.throughput) / rate).toFixed(0)}% answered${failed ? `, ${failed} failed` : ''}`;
}

/** The capacity search (capacity.ts) over `at(rate)`, a probe measured with its CPU; the best probe's figures and every probe, in brief. */
export async function searchCapacity(
  at: (rate: number) => Promise<{ load: LoadResult; cpuMs: Cpu }>,
  options: CapacityOptions,
): Promise<Measured> {
  const cpu = new Map<number, Cpu>();
  const found = await findCapacity(async (rate) => {
    const m = await at(rate);
    cpu.set(rate, m.cpuMs);
    return m.load;
  }, options);
  // Each probe with its CPU a call (server + database; a repeated rate shows its last offer's).
  const cpuOf = (rate: number) => {
    const c = cpu.get(rate);
    return c ? `${(c.server + c.db).toFixed(2)} ms CPU` : '';
  };
  const probes = found.probes.map(
    (p) => `${p.rate}${p.passed ? `✓ (${cpuOf(p.rate)})` : `✗ (${probeMiss(p.rate, p.result)}, ${cpuOf(p.rate)})`}`,
  );
  return { load: found.best ?? NO_LOAD, cpuMs: cpu.get(found.rate) ?? NO_CPU, rate: found.rate, probes: probes.join(', ') };
}

export const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

/** A timed phase in one line: answered calls/s, p50, p99, failures. */
export const loadLine = (r: LoadResult) => {
  const failed = Object.entries(r.failed).map(([k, n]) => `${n}× ${k}`);
  return `${r.throughput.toFixed(0).padStart(4)}/s  p50 ${ms(r.p50).padStart(5)}  p99 ${ms(r.p99).padStart(6)} ms${failed.length ? `  FAILED ${failed.join(', ')}` : ''}`;
};

export const cpuLine = (c: Cpu) =>
  `CPU ${c.server.toFixed(2)} ms server + ${c.db.toFixed(2)} ms database + ${c.bench.toFixed(2)} ms bench per call`;

/** The app's share of its ceiling's rate a capacity search must reach (issue 36). */
export const CAPACITY_SHARE = 0.7;

/**
 * The app against its ceiling, both searched: the rates, the app's share, the CPU a call (server +
 * database) of each and the ceiling's as a share of the app's. `held` is the share reaching
 * CAPACITY_SHARE (false when the ceiling held no rate: the target cannot be confirmed).
 */
export function compareCapacity(app: Measured, ceiling: Measured) {
  const share = ceiling.rate ? app.rate / ceiling.rate : undefined;
  const cpuOf = (m: Measured) => m.cpuMs.server + m.cpuMs.db;
  const cpuShare = cpuOf(app) > 0 && cpuOf(ceiling) > 0 ? ` = ${((100 * cpuOf(ceiling)) / cpuOf(app)).toFixed(0)}% by CPU` : '';
  return {
    held: share !== undefined && share >= CAPACITY_SHARE,
    ratio: share === undefined ? '-' : `${(share * 100).toFixed(0)}%`,
    cpu: `CPU/call ${cpuOf(app).toFixed(2)} ms app, ${cpuOf(ceiling).toFixed(2)} ms ceiling${cpuShare}`,
  };
}
