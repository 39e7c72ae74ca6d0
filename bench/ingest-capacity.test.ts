import { describe, expect, it } from 'vitest';
import { addAcks, probeResult } from './ingest-capacity.ts';
import type { LoadResult } from './ingest-load.ts';

const run = (over: Partial<LoadResult>): LoadResult => ({
  latencies: [],
  acked: [],
  lastFix: [],
  timedAcked: 0,
  answers: {},
  elapsedMs: 1000,
  cpuSeconds: 0,
  ...over,
});

describe("the ingest bench's capacity probes", () => {
  it("reads a probe as the search's figures: answered/s, round-trip spread, every non-200 a failure", () => {
    const latencies = Array.from({ length: 100 }, (_, i) => i + 1);
    const r = probeResult(run({ latencies, timedAcked: 300, elapsedMs: 2000, answers: { '200': 303, '503': 2 } }), 200, 2);
    expect(r).toEqual({ throughput: 150, p50: 50, p99: 99, max: 100, sent: 400, ok: 300, failed: { '503': 2 } });
  });

  it('adds each probe’s acknowledged positions per device and keeps the last fix of a device that had one', () => {
    const total = { acked: [3, 3, 0], lastFix: [1000, 2000, 0] };
    addAcks(total, { acked: [2, 0, 1], lastFix: [5000, 0, 7000] });
    expect(total).toEqual({ acked: [5, 3, 1], lastFix: [5000, 2000, 7000] });
  });
});
