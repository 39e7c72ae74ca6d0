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
});
