import type { Db } from '../db/client.ts';
import { type ClaimedJob, claimJobs } from '../repositories/jobs.repository.ts';
import { execute, type Log, type Registered, type Run, type RunEnv, type RunState } from './job-run.ts';

export { cancelJob, scheduleJob } from '../repositories/jobs.repository.ts';

/**
 * What a handler learns of its run. `signal` aborts when the run timed out or lost its lock; a
 * recurring job calls `runAgainAt` to be pending again at that time instead of done.
 */
export type JobContext = { id: number; key: string; attempts: number; signal: AbortSignal; runAgainAt: (at: Date) => void };
export type JobHandler = (payload: Record<string, unknown>, job: JobContext) => Promise<void>;
export type JobOptions = {
  /** After this the handler's signal aborts and the attempt counts as failed. */
  timeoutMs?: number;
  /** Attempts before the job is marked failed for good. */
  maxAttempts?: number;
  /** Wait before the next attempt, given the attempts made so far (1, 2, …). */
  backoff?: (attempts: number) => number;
};
export type RunnerOptions = {
  intervalMs?: number;
  /** Jobs run at once by this process; a claim takes no more than the free slots. */
  concurrency?: number;
  /** A claim's lock; a process that stops renewing it (it died) loses its jobs after this. */
  lockMs?: number;
  heartbeatMs?: number;
  /** How long stop() waits for running jobs before it abandons them to their expiring locks. */
  stopTimeoutMs?: number;
  defaults?: JobOptions;
};
const DEFAULTS: Required<JobOptions> = { timeoutMs: 120_000, maxAttempts: 5, backoff: (n) => 2 ** n * 1000 };
const LOCK_MS = 30_000;

/** A runner's state: its handlers and settings, its live runs and where its polling stands. */
type Runner = RunEnv & {
  opts: RunnerOptions;
  concurrency: number;
  runs: Set<Run>;
  busy: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  polling: Promise<void> | undefined;
  again: boolean;
  stopped: boolean;
};

/** Starts a claimed job; its slot is already counted in `busy`. */
function startRun(runner: Runner, job: ClaimedJob): Run {
  const state: RunState = { controller: new AbortController(), lost: false, abandoned: false };
  let slotFreed = false;
  const freeSlot = () => {
    if (!slotFreed) {
      slotFreed = true;
      runner.busy--;
      kick(runner);
    }
  };
  const run: Run = {
    settled: execute(runner, job, state, freeSlot)
      .catch((err: unknown) => runner.log.error({ err, job: job.key }, 'job bookkeeping failed'))
      .finally(() => {
        freeSlot();
        runner.runs.delete(run);
      }),
    abandon: () => {
      state.abandoned = true;
      state.controller.abort(new Error('the job runner stopped'));
    },
  };
  runner.runs.add(run);
  return run;
}

/** Claims as many due jobs as there are free slots and starts them. */
async function fill(runner: Runner): Promise<Run[]> {
  const free = runner.concurrency - runner.busy;
  if (free <= 0) {
    return [];
  }
  runner.busy += free;
  let claimed: ClaimedJob[] = [];
  try {
    claimed = await claimJobs(runner.db, [...runner.handlers.keys()], free, runner.lockMs);
  } finally {
    runner.busy -= free - claimed.length;
  }
  return claimed.map((job) => startRun(runner, job));
}

async function poll(runner: Runner) {
  do {
    runner.again = false;
    await fill(runner).catch((err: unknown) => runner.log.warn({ err }, 'job poll failed'));
  } while (runner.again && !runner.stopped);
}

/** Polls now (or right after the poll under way), then every interval. */
function kick(runner: Runner) {
  if (runner.stopped) {
    return;
  }
  if (runner.polling) {
    runner.again = true;
    return;
  }
  clearTimeout(runner.timer);
  runner.polling = poll(runner).finally(() => {
    runner.polling = undefined;
    if (!runner.stopped) {
      clearTimeout(runner.timer);
      runner.timer = setTimeout(() => kick(runner), runner.opts.intervalMs ?? 500);
    }
  });
}

/** For tests: runs every due job (and those they make due) and resolves once all have settled. */
async function tick(runner: Runner): Promise<number> {
  let count = 0;
  for (;;) {
    const started = await fill(runner);
    if (!started.length) {
      return count;
    }
    count += started.length;
    await Promise.all(started.map((r) => r.settled));
  }
}

/** Stops polling and waits for running jobs, at most `stopTimeoutMs`; the rest are abandoned. */
async function stop(runner: Runner) {
  runner.stopped = true;
  clearTimeout(runner.timer);
  await runner.polling;
  const bound = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), runner.opts.stopTimeoutMs ?? 10_000).unref());
  const all = Promise.all([...runner.runs].map((r) => r.settled));
  if ((await Promise.race([all, bound])) === 'late') {
    runner.log.warn({ running: runner.runs.size }, 'jobs still running at stop; their locks will expire and another process will run them');
    for (const run of runner.runs) {
      run.abandon();
    }
  }
}

/**
 * Polls the job table and runs due jobs, a few at a time. A claim takes only what starts now, and
 * each run renews its short lock while its handler is alive (even past its timeout), so a job
 * never runs twice at once, while the jobs of a process that died run again once their lock
 * expires. Every write about a run compares its claim, so a stale run cannot overwrite a newer one.
 */
export function createJobRunner(db: Db, log: Log, opts: RunnerOptions = {}) {
  const lockMs = opts.lockMs ?? LOCK_MS;
  const runner: Runner = {
    db,
    log,
    opts,
    handlers: new Map<string, Registered>(),
    concurrency: opts.concurrency ?? 4,
    lockMs,
    heartbeatMs: opts.heartbeatMs ?? Math.floor(lockMs / 3),
    runs: new Set<Run>(),
    busy: 0,
    timer: undefined,
    polling: undefined,
    again: false,
    stopped: true,
  };
  return {
    register(kind: string, handler: JobHandler, options: JobOptions = {}) {
      runner.handlers.set(kind, { ...DEFAULTS, ...opts.defaults, ...options, handler });
    },
    /** For tests: runs every due job (and those they make due) and resolves once all have settled. */
    tick: () => tick(runner),
    start() {
      if (runner.stopped) {
        runner.stopped = false;
        kick(runner);
      }
    },
    /** Stops polling and waits for running jobs, at most `stopTimeoutMs`; the rest are abandoned. */
    stop: () => stop(runner),
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
