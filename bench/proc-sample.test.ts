import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { trackCpu } from './proc-sample.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the CPU of a changing set of processes (trackCpu)', () => {
  it('keeps what a process used before it ended, never a negative figure', async () => {
    // A process that burns CPU before the tracking starts, then a little more, then ends.
    const child = spawn(process.execPath, ['-e', 'const end = Date.now() + 900; while (Date.now() < end) {}']);
    await sleep(500);
    const tracked = trackCpu(() => [child.pid as number]);
    await once(child, 'exit');
    // Its PID is still listed after it ended, as a pool's backend is between listing and reading.
    const used = tracked.stop();
    expect(used).toBeGreaterThanOrEqual(0);
    expect(used).toBeLessThan(1);
  });
});
