import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { type ClaimedJob, handBack, markDone, markFailed, noteError, releaseLock, renewLease } from '../repositories/jobs.repository.ts';
import { runForJob } from './call-context.ts';
import type { JobHandler, JobOptions } from './jobs.ts';

export type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>;
export type Registered = Required<JobOptions> & { handler: JobHandler };
/** What a run needs of its runner: the database, the log, the handlers and the lock's timing. */
export type RunEnv = { db: Db; log: Log; handlers: Map<string, Registered>; lockMs: number; heartbeatMs: number };
/** One live run: what stop() needs to wait for or abandon it. */
export type Run = { settled: Promise<void>; abandon: () => void };
export type RunState = { controller: AbortController; lost: boolean; abandoned: boolean };
type Outcome = { error?: string; runAgainAt?: Date };
type Lock = { serial: (write: () => Promise<unknown>) => Promise<unknown>; release: () => Promise<void> };
type Timeout = { timedOut: () => boolean; error: string; clear: () => void };

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Renews the run's lease; a lost lease aborts the run. */
async function renew(env: RunEnv, job: ClaimedJob, run: RunState) {
  const lease = await renewLease(env.db, job, env.lockMs);
  if (lease === undefined) {
    run.lost = true;
    run.controller.abort(new Error('the job was taken over or cancelled'));
  } else {
    job.lease = lease;
  }
}

/**
 * Keeps a run's lock alive until `release()`: renewals and other writes about the run go one
 * after another, so a renewal never races the final update. Losing the lock aborts the run.
 */
function holdLock(env: RunEnv, job: ClaimedJob, run: RunState): Lock {
  let queue: Promise<unknown> = Promise.resolve();
  const serial = (write: () => Promise<unknown>) => {
    queue = queue.then(write).catch((err: unknown) => env.log.warn({ err, job: job.key }, 'job lock write failed'));
    return queue;
  };
  const heartbeat = setInterval(() => {
    if (run.lost || run.abandoned) {
      clearInterval(heartbeat);
      return;
    }
    void serial(() => renew(env, job, run));
  }, env.heartbeatMs);
  heartbeat.unref();
  return {
    serial,
    release: async () => {
      clearInterval(heartbeat);
      await queue;
    },
  };
}

/** At the run's timeout: frees its slot and aborts it, while its lock is kept until the handler returns. */
function armTimeout(env: RunEnv, job: ClaimedJob, spec: Registered, run: RunState, lock: Lock, freeSlot: () => void): Timeout {
  const error = `timed out after ${spec.timeoutMs} ms`;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    freeSlot();
    run.controller.abort(new Error(error));
    env.log.warn({ job: job.key }, `job ${error}; its lock is kept until the handler returns`);
    void lock.serial(() => noteError(env.db, job, `${error} (still running)`));
  }, spec.timeoutMs);
  timer.unref();
  return { timedOut: () => timedOut, error, clear: () => clearTimeout(timer) };
}

/** Calls the handler and says how its run ended. */
async function callHandler(job: ClaimedJob, spec: Registered, run: RunState, timeout: Timeout): Promise<Outcome> {
  try {
    let runAgainAt: Date | undefined;
    const context = { id: job.id, key: job.key, attempts: job.attempts, signal: run.controller.signal, requestId: job.requestId };
    await spec.handler(job.payload, { ...context, runAgainAt: (at) => (runAgainAt = at) });
    return timeout.timedOut() ? { error: timeout.error } : { runAgainAt };
  } catch (err) {
    return { error: timeout.timedOut() ? `${timeout.error}: ${messageOf(err)}` : messageOf(err) };
  } finally {
    timeout.clear();
  }
}

/**
 * Runs one claimed job to its end; `freeSlot` is called at settle, or earlier at its timeout. It
 * runs as part of the call that scheduled it: its log lines carry that call's `reqId`, and the jobs
 * it schedules keep it.
 */
export function execute(env: RunEnv, job: ClaimedJob, run: RunState, freeSlot: () => void): Promise<void> {
  return runForJob(job.requestId, job.key, () => executeHere(env, job, run, freeSlot));
}

async function executeHere(env: RunEnv, job: ClaimedJob, run: RunState, freeSlot: () => void): Promise<void> {
  const spec = env.handlers.get(job.kind);
  if (!spec || job.attempts > spec.maxAttempts) {
    // Its earlier runs never settled: their processes died, perhaps because of this very job.
    const why = spec ? `gave up after ${spec.maxAttempts} attempts whose process stopped` : `no handler for ${job.kind}`;
    await markFailed(env.db, job, why, undefined);
    return;
  }
  const lock = holdLock(env, job, run);
  const timeout = armTimeout(env, job, spec, run, lock, freeSlot);
  const outcome = await callHandler(job, spec, run, timeout);
  await lock.release();
  if (run.lost) {
    env.log.warn({ job: job.key }, 'job run ended after its lock was taken over; its outcome is not recorded');
    return;
  }
  if (run.abandoned && (await handBack(env.db, job))) {
    // The process is stopping: another one runs it again at once.
    return;
  }
  await settle(env, job, spec, outcome);
}

/** Records the outcome; a job rescheduled during the run is only let go, for its next run. */
async function settle(env: RunEnv, job: ClaimedJob, spec: Registered, outcome: Outcome) {
  let recorded: boolean;
  if (outcome.error === undefined) {
    recorded = await markDone(env.db, job, outcome.runAgainAt);
  } else {
    const final = job.attempts >= spec.maxAttempts;
    env.log.error(
      { job: job.key, attempts: job.attempts, error: outcome.error },
      final ? 'job failed for good' : 'job failed; it will retry',
    );
    recorded = await markFailed(env.db, job, outcome.error, final ? undefined : spec.backoff(job.attempts));
  }
  if (!recorded) {
    await releaseLock(env.db, job);
  }
}
