import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { type ClaimedJob, claimJobs, markDone, markFailed, noteError, releaseLock, renewLease } from '../repositories/jobs.repository.ts';

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
type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>;
type Registered = Required<JobOptions> & { handler: JobHandler };

const DEFAULTS: Required<JobOptions> = { timeoutMs: 120_000, maxAttempts: 5, backoff: (n) => 2 ** n * 1000 };
const LOCK_MS = 30_000;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** One live run: what stop() needs to wait for or abandon it. */
type Run = { settled: Promise<void>; abandon: () => void };
type RunState = { controller: AbortController; lost: boolean; abandoned: boolean };
type Outcome = { error?: string; runAgainAt?: Date };

/**
 * Polls the job table and runs due jobs, a few at a time. A claim takes only what starts now, and
 * each run renews its short lock while its handler is alive (even past its timeout), so a job
 * never runs twice at once, while the jobs of a process that died run again once their lock
 * expires. Every write about a run compares its claim, so a stale run cannot overwrite a newer one.
 */
export function createJobRunner(db: Db, log: Log, opts: RunnerOptions = {}) {
  const handlers = new Map<string, Registered>();
  const concurrency = opts.concurrency ?? 4;
  const lockMs = opts.lockMs ?? LOCK_MS;
  const heartbeatMs = opts.heartbeatMs ?? Math.floor(lockMs / 3);
  const runs = new Set<Run>();
  let busy = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  /**
   * Keeps a run's lock alive until `release()`: renewals and other writes about the run go one
   * after another, so a renewal never races the final update. Losing the lock aborts the run.
   */
  const holdLock = (job: ClaimedJob, run: RunState) => {
    let queue: Promise<unknown> = Promise.resolve();
    const serial = (write: () => Promise<unknown>) => {
      queue = queue.then(write).catch((err: unknown) => log.warn({ err, job: job.key }, 'job lock write failed'));
      return queue;
    };
    const heartbeat = setInterval(() => {
      if (run.lost || run.abandoned) {
        clearInterval(heartbeat);
        return;
      }
      void serial(async () => {
        const lease = await renewLease(db, job, lockMs);
        if (lease === undefined) {
          run.lost = true;
          run.controller.abort(new Error('the job was taken over or cancelled'));
        } else {
          job.lease = lease;
        }
      });
    }, heartbeatMs);
    heartbeat.unref();
    return {
      serial,
      release: async () => {
        clearInterval(heartbeat);
        await queue;
      },
    };
  };

  /** Runs one claimed job to its end; `freeSlot` is called at settle, or earlier at its timeout. */
  const execute = async (job: ClaimedJob, run: RunState, freeSlot: () => void): Promise<void> => {
    const spec = handlers.get(job.kind);
    if (!spec || job.attempts > spec.maxAttempts) {
      // Its earlier runs never settled: their processes died, perhaps because of this very job.
      const why = spec ? `gave up after ${spec.maxAttempts} attempts whose process stopped` : `no handler for ${job.kind}`;
      await markFailed(db, job, why, undefined);
      return;
    }
    const lock = holdLock(job, run);
    const timedOutError = `timed out after ${spec.timeoutMs} ms`;
    let timedOut = false;
    const timeout = setTimeout(() => {
      timedOut = true;
      freeSlot();
      run.controller.abort(new Error(timedOutError));
      log.warn({ job: job.key }, `job ${timedOutError}; its lock is kept until the handler returns`);
      void lock.serial(() => noteError(db, job, `${timedOutError} (still running)`));
    }, spec.timeoutMs);
    timeout.unref();
    let outcome: Outcome;
    try {
      let runAgainAt: Date | undefined;
      const context = { id: job.id, key: job.key, attempts: job.attempts, signal: run.controller.signal };
      await spec.handler(job.payload, { ...context, runAgainAt: (at) => (runAgainAt = at) });
      outcome = timedOut ? { error: timedOutError } : { runAgainAt };
    } catch (err) {
      outcome = { error: timedOut ? `${timedOutError}: ${messageOf(err)}` : messageOf(err) };
    } finally {
      clearTimeout(timeout);
    }
    await lock.release();
    if (run.lost) {
      log.warn({ job: job.key }, 'job run ended after its lock was taken over; its outcome is not recorded');
      return;
    }
    await settle(job, spec, outcome);
  };

  /** Records the outcome; a job rescheduled during the run is only let go, for its next run. */
  const settle = async (job: ClaimedJob, spec: Registered, outcome: Outcome) => {
    let recorded: boolean;
    if (outcome.error === undefined) {
      recorded = await markDone(db, job, outcome.runAgainAt);
    } else {
      const final = job.attempts >= spec.maxAttempts;
      log.error(
        { job: job.key, attempts: job.attempts, error: outcome.error },
        final ? 'job failed for good' : 'job failed; it will retry',
      );
      recorded = await markFailed(db, job, outcome.error, final ? undefined : spec.backoff(job.attempts));
    }
    if (!recorded) {
      await releaseLock(db, job);
    }
  };

  /** Starts a claimed job; its slot is already counted in `busy`. */
  const start = (job: ClaimedJob): Run => {
    const state: RunState = { controller: new AbortController(), lost: false, abandoned: false };
    let slotFreed = false;
    const freeSlot = () => {
      if (!slotFreed) {
        slotFreed = true;
        busy--;
        kick();
      }
    };
    const run: Run = {
      settled: execute(job, state, freeSlot)
        .catch((err: unknown) => log.error({ err, job: job.key }, 'job bookkeeping failed'))
        .finally(() => {
          freeSlot();
          runs.delete(run);
        }),
      abandon: () => {
        state.abandoned = true;
        state.controller.abort(new Error('the job runner stopped'));
      },
    };
    runs.add(run);
    return run;
  };

  /** Claims as many due jobs as there are free slots and starts them. */
  const fill = async (): Promise<Run[]> => {
    const free = concurrency - busy;
    if (free <= 0) {
      return [];
    }
    busy += free;
    let claimed: ClaimedJob[] = [];
    try {
      claimed = await claimJobs(db, [...handlers.keys()], free, lockMs);
    } finally {
      busy -= free - claimed.length;
    }
    return claimed.map(start);
  };

  const poll = async () => {
    do {
      again = false;
      await fill().catch((err: unknown) => log.warn({ err }, 'job poll failed'));
    } while (again && !stopped);
  };

  /** Polls now (or right after the poll under way), then every interval. */
  function kick() {
    if (stopped) {
      return;
    }
    if (polling) {
      again = true;
      return;
    }
    clearTimeout(timer);
    polling = poll().finally(() => {
      polling = undefined;
      if (!stopped) {
        clearTimeout(timer);
        timer = setTimeout(kick, opts.intervalMs ?? 500);
      }
    });
  }

  return {
    register(kind: string, handler: JobHandler, options: JobOptions = {}) {
      handlers.set(kind, { ...DEFAULTS, ...opts.defaults, ...options, handler });
    },
    /** For tests: runs every due job (and those they make due) and resolves once all have settled. */
    async tick(): Promise<number> {
      let count = 0;
      for (;;) {
        const started = await fill();
        if (!started.length) {
          return count;
        }
        count += started.length;
        await Promise.all(started.map((r) => r.settled));
      }
    },
    start() {
      if (stopped) {
        stopped = false;
        kick();
      }
    },
    /** Stops polling and waits for running jobs, at most `stopTimeoutMs`; the rest are abandoned. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await polling;
      const bound = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), opts.stopTimeoutMs ?? 10_000).unref());
      const all = Promise.all([...runs].map((r) => r.settled));
      if ((await Promise.race([all, bound])) === 'late') {
        log.warn({ running: runs.size }, 'jobs still running at stop; their locks will expire and another process will run them');
        for (const run of runs) {
          run.abandon();
        }
      }
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
