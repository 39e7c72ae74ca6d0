import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { bidOnce, carriersOf } from './bids-load.ts';

/**
 * The bids bench's closed loop (issue 4's measure, `--closed` or `--rate N`): one loop per carrier
 * in a child process (so the load generator does not share a server's event loop), each bidding
 * again when answered, or paced to rate/carriers bids per second (staggered starts).
 */

export type ClosedJob = {
  base: string;
  path: string;
  tokens: string[];
  stepPaise: number;
  warmup: number;
  seconds: number;
  bids: number;
  rate: number;
};
export type ClosedResult = {
  latencies: number[];
  accepted: number;
  rejected: Record<string, number>;
  elapsedMs: number;
  warmupAccepted: number;
};

async function generateLoad(job: ClosedJob): Promise<ClosedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.tokens.length });
  const base = new URL(job.base);
  const result: ClosedResult = { latencies: [], accepted: 0, rejected: {}, elapsedMs: 0, warmupAccepted: 0 };
  const carriers = carriersOf(job.tokens);
  const timedBid = async (carrier: (typeof carriers)[number]) => {
    const started = performance.now();
    const outcome = await bidOnce(agent, base, job.path, carrier, job.stepPaise);
    result.latencies.push(performance.now() - started);
    if (outcome === 'ok') {
      result.accepted++;
    } else {
      result.rejected[outcome] = (result.rejected[outcome] ?? 0) + 1;
    }
  };
  await Promise.all(
    carriers.map(async (carrier) => {
      for (let n = 0; n < job.warmup; n++) {
        // The outcome first: `x += await …` would read x before the wait and lose the other carriers' counts.
        const outcome = await bidOnce(agent, base, job.path, carrier, job.stepPaise);
        result.warmupAccepted += outcome === 'ok' ? 1 : 0;
      }
    }),
  );
  const started = performance.now();
  const deadline = started + job.seconds * 1000;
  const interval = job.rate > 0 ? (1000 * carriers.length) / job.rate : 0;
  await Promise.all(
    carriers.map(async (carrier, i) => {
      for (let n = 0; job.bids ? n < job.bids : performance.now() < deadline; n++) {
        const wait = started + (i / carriers.length + n) * interval - performance.now();
        if (wait > 0) {
          await new Promise((r) => setTimeout(r, wait));
        }
        if (!job.bids && performance.now() >= deadline) {
          break;
        }
        await timedBid(carrier);
      }
    }),
  );
  result.elapsedMs = performance.now() - started;
  agent.destroy();
  return result;
}

const LOAD_GENERATOR = '--load-generator';
if (process.argv.includes(LOAD_GENERATOR)) {
  process.once('message', (job: ClosedJob) => {
    generateLoad(job).then(
      (result) => process.send?.(result, () => process.exit(0)),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}

/** Runs the closed loop in a child process (this file under tsx); it answers with its figures over IPC. */
export function runClosedLoad(job: ClosedJob): Promise<ClosedResult> {
  return new Promise<ClosedResult>((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [LOAD_GENERATOR], { execArgv: process.execArgv });
    child.once('message', (message) => resolve(message as ClosedResult));
    child.once('error', reject);
    child.once('exit', (code) => code && reject(new Error(`the load generator exited with ${code}`)));
    child.send(job);
  });
}
