import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { BUILT_IN_PURGES, ensureJobPending } from '../repositories/housekeeping.repository.ts';
import type { JobRunner } from './jobs.ts';

/**
 * Deletes at most `limit` rows that are no longer needed and answers how many it deleted; it is
 * called again while it deletes `limit`, so a large backlog goes in short statements.
 */
export type Purge = (db: Db, limit: number) => Promise<number>;

export const HOUSEKEEPING_JOB = 'housekeeping';
const HOUR_MS = 3_600_000;
const BATCH = 1000;
/** Per purge and run: a backlog larger than this is finished by the next runs. */
const MAX_BATCHES = 50;

export { purgeWhere } from '../repositories/housekeeping.repository.ts';

type Log = Pick<FastifyBaseLogger, 'info' | 'error'>;

/**
 * The recurring `housekeeping` job: every hour it runs each registered purge and logs what went.
 * Modules add their own tables with `registerPurge`.
 */
export function createHousekeeping(db: Db, runner: JobRunner, log: Log, opts: { everyMs?: number; batch?: number } = {}) {
  const purges = new Map<string, Purge>(Object.entries(BUILT_IN_PURGES));
  const everyMs = opts.everyMs ?? HOUR_MS;
  const batch = opts.batch ?? BATCH;

  const purgeAll = async (signal?: AbortSignal): Promise<Record<string, number>> => {
    const purged: Record<string, number> = {};
    const failed: string[] = [];
    for (const [name, purge] of purges) {
      purged[name] = 0;
      try {
        for (let round = 0; round < MAX_BATCHES && !signal?.aborted; round++) {
          const n = await purge(db, batch);
          purged[name] += n;
          if (n < batch) {
            break;
          }
        }
      } catch (err) {
        // One broken purge must not keep the others from running.
        log.error({ err, purge: name }, 'housekeeping purge failed');
        failed.push(name);
      }
    }
    if (failed.length) {
      throw new Error(`housekeeping purges failed: ${failed.join(', ')}`);
    }
    return purged;
  };

  runner.register(
    HOUSEKEEPING_JOB,
    async (_payload, job) => {
      const purged = await purgeAll(job.signal);
      log.info({ purged }, 'housekeeping purged old rows');
      job.runAgainAt(new Date(Date.now() + everyMs));
    },
    // It must never give up for good: failures retry, but no more often than its own interval.
    { timeoutMs: 10 * 60_000, maxAttempts: 1_000_000, backoff: (n) => Math.min(60_000 * 2 ** n, everyMs) },
  );

  return {
    /** Adds a purge (e.g. idempotency keys after 24 h); it runs with the others every hour. */
    registerPurge(name: string, purge: Purge) {
      purges.set(name, purge);
    },
    /** Runs every purge once, now (tests, and the job itself). */
    purgeAll,
    /** At start: makes sure the job exists and is pending (a failed or done row is revived). */
    async ensureScheduled(runAt = new Date()) {
      await ensureJobPending(db, HOUSEKEEPING_JOB, runAt);
    },
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;
