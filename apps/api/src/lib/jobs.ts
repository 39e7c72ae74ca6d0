import type { Db } from '../db/client.ts';
import type { DbOrTx } from '../db/client.ts';
import { type ClaimedJob, claimJobs, scheduleJob as scheduleJobRow } from '../repositories/jobs.repository.ts';
import { currentRequestId } from './call-context.ts';
import { execute, type Log, type Registered, type Run, type RunEnv, type RunState } from './job-run.ts';

export { cancelJob } from '../repositories/jobs.repository.ts';

/**
 * Schedules (or reschedules) the job with this key to run at `runAt`, in the transaction of the
 * change it belongs to. It keeps the request id of the call (or job) scheduling it, so the job's
 * log lines carry the id of the call that started it (issue 36).
 */
export function scheduleJob(db: DbOrTx, kind: string, key: string, runAt: Date, payload: Record<string, unknown> = {}): Promise<void> {
  return scheduleJobRow(db, kind, key, runAt, payload, currentRequestId() ?? null);
}

/**
 * What a handler learns of its run. `signal` aborts when the run timed out or lost its lock; a
 * recurring job calls `runAgainAt` to be pending again at that time instead of done.
 */
export type JobContext = {
  id: number;
  key: string;
  attempts: number;
  signal: AbortSignal;
  runAgainAt: (at: Date) => void;
  /** The request id of the call that scheduled the job, or null (issue 36). */
  requestId: string | null;
};
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
  /**
   * How long stop() waits for running jobs before it aborts them; a run that then returns within
   * `handBackMs` is handed back (pending again at once, for another node), the others keep their
   * lock until it expires.
   */
  stopTimeoutMs?: number;
  handBackMs?: number;
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
  stopping: Promise<void> | undefined;
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

/** Resolves 'late' after `ms` unless `work` settles first. */
async function within(work: Promise<unknown>, ms: number): Promise<'done' | 'late'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const outcome = await Promise.race([work.then(() => 'done' as const), bound]);
  clearTimeout(timer);
  return outcome;
}

/**
 * Stops claiming at once and waits for running jobs, at most `stopTimeoutMs`; the rest are aborted
 * and handed back as they return (within `handBackMs`), so another node runs them at once.
 */
async function stop(runner: Runner) {
  runner.stopped = true;
  clearTimeout(runner.timer);
  await runner.polling;
  const settled = () => Promise.all([...runner.runs].map((r) => r.settled));
  if ((await within(settled(), runner.opts.stopTimeoutMs ?? 10_000)) === 'done') {
    return;
  }
  runner.log.warn({ running: runner.runs.size }, 'jobs still running at stop: aborted and handed back to another process');
  for (const run of runner.runs) {
    run.abandon();
  }
  if ((await within(settled(), runner.opts.handBackMs ?? 2_000)) === 'late') {
    runner.log.warn({ running: runner.runs.size }, 'jobs ignored their abort; their locks will expire and another process will run them');
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
    stopping: undefined,
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
        runner.stopping = undefined;
        kick(runner);
      }
    },
    /** Stops claiming and waits for running jobs, at most `stopTimeoutMs`; the rest are handed back. Once. */
    stop: () => {
      runner.stopping ??= stop(runner);
      return runner.stopping;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
