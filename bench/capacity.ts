import type { LoadResult } from './lists-load.ts';

/**
 * The highest offered rate a target holds (issue 36): a probe offers `rate` calls per second for
 * a short while and passes when p99 stays within the target, nothing failed and the answers kept
 * up with the offer (a server that falls behind shows it as throughput under the offer). The search
 * doubles the rate from `start` until a probe fails, then halves the gap between the last pass and
 * the first failure `steps` times. Both the app and its hand-written ceiling are searched the same
 * way in the same run, so their ratio measures the code and not the host.
 */
export type CapacityOptions = {
  /** The rate of the first probe (calls/s). */
  start: number;
  /** The p99 a probe must hold (ms). */
  p99Ms: number;
  /** Bisection steps after the first failure (each narrows the answer by half). */
  steps: number;
  /** No probe above this rate (calls/s): the load generator's own limit. */
  max: number;
  /**
   * A failed probe is offered again this many times before it counts as failed (default 0): on a
   * machine shared with other work, one pause of the scheduler decides a short probe's p99. The
   * app and its ceiling are searched with the same number.
   */
  retries?: number;
};

export type Probe = { rate: number; result: LoadResult; passed: boolean };
export type Capacity = { rate: number; best?: LoadResult; probes: Probe[] };

/** Does a probe at `rate` pass: p99 within the target, nothing failed, at least 95% of the offer answered? */
export function probePassed(rate: number, r: LoadResult, p99Ms: number): boolean {
  return r.p99 <= p99Ms && Object.keys(r.failed).length === 0 && r.throughput >= rate * 0.95;
}

/**
 * Searches the highest passing rate; `probe(rate)` offers it (its own warm-up included) and answers
 * what it measured. The search starts with one uncounted probe at `start`.
 */
export async function findCapacity(probe: (rate: number) => Promise<LoadResult>, o: CapacityOptions): Promise<Capacity> {
  const probes: Probe[] = [];
  const run = async (rate: number) => {
    for (let attempt = 0; attempt <= (o.retries ?? 0); attempt++) {
      const result = await probe(Math.round(rate));
      const passed = probePassed(Math.round(rate), result, o.p99Ms);
      probes.push({ rate: Math.round(rate), result, passed });
      if (passed) {
        return true;
      }
    }
    return false;
  };
  // One probe at the first rate before the search, not counted: a target's first calls run cold
  // (its plans, caches and pools not yet warm), and a first probe failed by them sent a whole search
  // below the rate the target then held (run K of docs/benchmarks.md).
  await probe(Math.round(o.start));
  let low = 0;
  let high = 0;
  for (let rate = o.start; rate <= o.max; rate *= 2) {
    if (!(await run(rate))) {
      high = rate;
      break;
    }
    low = rate;
  }
  if (high === 0) {
    return best(probes);
  }
  for (let i = 0; i < o.steps && high - low > Math.max(2, low * 0.05); i++) {
    const mid = (low + high) / 2;
    if (await run(mid)) {
      low = mid;
    } else {
      high = mid;
    }
  }
  return best(probes);
}

function best(probes: Probe[]): Capacity {
  const passing = probes.filter((p) => p.passed).sort((a, b) => b.rate - a.rate)[0];
  return { rate: passing ? passing.rate : 0, best: passing?.result, probes };
}
