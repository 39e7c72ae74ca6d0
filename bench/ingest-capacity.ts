import { percentile } from './bench-database.ts';
import type { CapacityOptions } from './capacity.ts';
import { type Cpu, cpuLine, loadLine, type Measured, searchCapacity } from './capacity-measure.ts';
import type { LoadJob, LoadResult as PhonesResult } from './ingest-load.ts';
import type { LoadResult } from './lists-load.ts';
import { backendsOf, trackCpu } from './proc-sample.ts';

/**
 * The ingest bench's capacity search (issue 36): the highest offered positions/s at which a server
 * holds the phones' round-trip p99 ≤ 50 ms with every position answered 200 and 95% of the offer
 * answered (capacity.ts), for the app and for its HTTP ceiling in the same run. Each probe is a run
 * of the phones (ingest-load.ts) paced at the rate, its warm-up positions first, then timed.
 */

/** The p99 of a position's round trip the search holds (issue 36). */
export const INGEST_P99_MS = 50;

/** A probe's figures in the capacity search's terms: answered positions/s, the round trips' spread, every non-200 a failure. */
export function probeResult(r: PhonesResult, rate: number, seconds: number): LoadResult {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const failed = Object.fromEntries(Object.entries(r.answers).filter(([status]) => status !== '200'));
  return {
    throughput: r.timedAcked / (r.elapsedMs / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    sent: Math.max(1, Math.round(rate * seconds)),
    ok: r.timedAcked,
    failed,
  };
}

/** Every probe's acknowledged positions per device, added up, and each device's last acknowledged fix (the check's counts). */
export function addAcks(total: Pick<PhonesResult, 'acked' | 'lastFix'>, r: Pick<PhonesResult, 'acked' | 'lastFix'>) {
  r.acked.forEach((n, i) => {
    total.acked[i] = (total.acked[i] ?? 0) + n;
    if (n) {
      total.lastFix[i] = r.lastFix[i] ?? 0;
    }
  });
}

export type IngestTarget = {
  label: string;
  /** The port the phones post to. */
  port: number;
  /** CPU seconds of the server so far (it runs in the bench's process: its own CPU, the phones being a child). */
  server: () => number;
  /** The PostgreSQL database whose backends count (null: none, or PGlite in the server's process). */
  database: string | null;
};

/**
 * Searches `target`'s capacity: `run` plays the phones (`onTimed` marks the end of their warm-up);
 * each probe goes on from the fixes already acknowledged (`acks`, added to as it goes).
 */
export async function ingestCapacity(
  target: IngestTarget,
  job: LoadJob,
  run: (job: LoadJob, onTimed: () => void) => Promise<PhonesResult>,
  acks: Pick<PhonesResult, 'acked' | 'lastFix'>,
  options: CapacityOptions,
): Promise<Measured> {
  const at = async (rate: number): Promise<{ load: LoadResult; cpuMs: Cpu }> => {
    let before = target.server();
    let db: ReturnType<typeof trackCpu> | undefined;
    const r = await run({ ...job, port: target.port, rate, startK: [...acks.acked] }, () => {
      before = target.server();
      const database = target.database;
      db = database ? trackCpu(() => backendsOf(database)) : undefined;
    });
    const server = target.server() - before;
    const load = probeResult(r, rate, job.seconds);
    addAcks(acks, r);
    const per = (seconds: number) => (seconds * 1000) / load.sent;
    return { load, cpuMs: { server: per(server), db: per(db?.stop() ?? 0), bench: per(r.cpuSeconds) } };
  };
  const measured = await searchCapacity(at, options);
  console.log(
    `  ${target.label.padEnd(13)} holds ${String(measured.rate).padStart(6)} positions/s: ${loadLine(measured.load)}  ${cpuLine(measured.cpuMs)}`,
  );
  console.log(`                probes (positions/s offered): ${measured.probes}`);
  return measured;
}
