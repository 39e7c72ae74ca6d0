import { bidCaller, type Carrier } from './bids-load.ts';
import { cpuLine, loadLine, type Measured, searchCapacity, timedCpu } from './capacity-measure.ts';
import { offerLoad } from './lists-load.ts';
import { cpuSeconds } from './proc-sample.ts';

/** A server taking the carriers' bids: the app's API process or its ceiling (bids-ceiling-server.ts). */
export type BidTarget = { label: string; base: string; pid: number; path: string; carriers: Carrier[] };

export type BidsCapacityOptions = {
  /** The PostgreSQL database whose backends' CPU counts (null on PGlite: the engine is in the server's process). */
  database: string | null;
  stepPaise: number;
  /** Seconds of warm-up and of the timed phase, per probe. */
  warmup: number;
  seconds: number;
  start: number;
  max: number;
};

/** The p99 a bid must hold at the offered rate (issue 36). */
export const BIDS_P99_MS = 50;

/**
 * The highest offered bids/s `target` holds with p99 ≤ 50 ms, nothing failed and 95% of the offer
 * answered (capacity.ts), open loop with the free carriers taking the calls; each probe warmed up,
 * then timed with the CPU of the server and the database. Also answers the bids it accepted, all
 * probes together (the database check counts them).
 */
export async function bidsCapacity(target: BidTarget, o: BidsCapacityOptions): Promise<{ measured: Measured; accepted: number }> {
  const caller = bidCaller(target.base, target.path, target.carriers, o.stepPaise);
  const inFlight = target.carriers.length;
  try {
    const at = async (rate: number) => {
      await offerLoad(rate, o.warmup, caller.call, inFlight);
      return timedCpu(
        () => offerLoad(rate, o.seconds, caller.call, inFlight),
        o.database,
        () => cpuSeconds([target.pid]),
      );
    };
    const measured = await searchCapacity(at, { start: o.start, p99Ms: BIDS_P99_MS, steps: 4, max: o.max, retries: 1 });
    console.log(
      `  ${target.label.padEnd(8)} holds ${String(measured.rate).padStart(5)} bids/s: ${loadLine(measured.load)}  ${cpuLine(measured.cpuMs)}`,
    );
    console.log(`           probes (bids/s offered): ${measured.probes}`);
    return { measured, accepted: caller.accepted() };
  } finally {
    caller.close();
  }
}
