import { describe, expect, it } from 'vitest';
import { findCapacity } from './capacity.ts';
import type { LoadResult } from './lists-load.ts';

/** A fake server that holds p99 10 ms up to `limit` calls/s and 200 ms above it. */
const serverUpTo =
  (limit: number) =>
  async (rate: number): Promise<LoadResult> => {
    const over = rate > limit;
    return { throughput: rate, p50: 5, p99: over ? 200 : 10, max: 300, sent: rate, ok: rate, failed: {} };
  };

describe('the capacity search', () => {
  it('finds the highest passing rate within a few percent by doubling and halving', async () => {
    const found = await findCapacity(serverUpTo(370), { start: 25, p99Ms: 50, steps: 6, max: 5000 });
    expect(found.rate).toBeLessThanOrEqual(370);
    expect(found.rate).toBeGreaterThan(370 * 0.9);
  });

  it("searches below the first probe when it fails, and stops at the generator's limit", async () => {
    const slow = await findCapacity(serverUpTo(10), { start: 25, p99Ms: 50, steps: 4, max: 5000 });
    expect(slow.rate).toBeLessThanOrEqual(10);
    expect(slow.rate).toBeGreaterThan(5);
    expect((await findCapacity(serverUpTo(1_000_000), { start: 25, p99Ms: 50, steps: 4, max: 800 })).rate).toBe(800);
  });

  it('fails a probe whose answers fell behind the offer or failed', async () => {
    const behind = async (rate: number): Promise<LoadResult> => ({
      throughput: Math.min(rate, 120),
      p50: 5,
      p99: 10,
      max: 20,
      sent: rate,
      ok: rate,
      failed: rate > 300 ? { '503': 1 } : {},
    });
    const found = await findCapacity(behind, { start: 25, p99Ms: 50, steps: 6, max: 5000 });
    expect(found.rate).toBeLessThanOrEqual(126);
    expect(found.rate).toBeGreaterThan(100);
  });

  it('offers a failed probe again when retries are asked, and passes it if the second offer holds', async () => {
    const offered = new Map<number, number>();
    // Holds up to 200 calls/s, but the first offer of every rate meets a pause of the machine.
    const flaky = async (rate: number): Promise<LoadResult> => {
      const n = (offered.get(rate) ?? 0) + 1;
      offered.set(rate, n);
      return { ...(await serverUpTo(200)(rate)), p99: n === 1 || rate > 200 ? 200 : 10 };
    };
    // Without retries only the first rate holds: the uncounted warm-up met its pause.
    expect((await findCapacity(flaky, { start: 25, p99Ms: 50, steps: 4, max: 5000 })).rate).toBe(25);
    offered.clear();
    const found = await findCapacity(flaky, { start: 25, p99Ms: 50, steps: 4, max: 5000, retries: 1 });
    expect(found.rate).toBeLessThanOrEqual(200);
    expect(found.rate).toBeGreaterThan(180);
    expect(found.probes.filter((p) => p.rate === 50).map((p) => p.passed)).toEqual([false, true]);
  });

  it('warms the target with one uncounted probe first: a cold first probe does not send the search low', async () => {
    const warm = serverUpTo(370);
    let calls = 0;
    // The first probe ever runs cold (p99 over the target); every later one as the server really holds.
    const coldFirst = async (rate: number): Promise<LoadResult> => {
      calls += 1;
      return calls === 1 ? { ...(await warm(rate)), p99: 400 } : warm(rate);
    };
    const found = await findCapacity(coldFirst, { start: 100, p99Ms: 50, steps: 6, max: 5000 });
    expect(found.rate).toBeGreaterThan(370 * 0.9);
    expect(found.probes[0]?.rate).toBe(100);
    expect(found.probes[0]?.passed).toBe(true);
  });
});
