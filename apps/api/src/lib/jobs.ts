import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';

export type JobHandler = (payload: Record<string, unknown>, job: { id: number; key: string; attempts: number }) => Promise<void>;

const MAX_ATTEMPTS = 5;
const LOCK_SECONDS = 60;

/**
 * Schedules (or reschedules) the job with this key to run at `runAt`. Call it inside the
 * transaction that makes the change the job belongs to, so both happen or neither.
 */
export async function scheduleJob(
  db: DbOrTx,
  kind: string,
  key: string,
  runAt: Date,
  payload: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind, key, runAt, payload })
    .onConflictDoUpdate({
      target: jobs.key,
      set: { kind, runAt, payload, status: 'pending', attempts: 0, lockedUntil: null, lastError: null, doneAt: null },
    });
}

export async function cancelJob(db: DbOrTx, key: string): Promise<void> {
  await db.delete(jobs).where(eq(jobs.key, key));
}

/**
 * Polls the job table and runs due jobs with their handlers. Jobs are claimed with a lock that
 * expires, so a job of a crashed process runs again; a failing job retries with backoff and is
 * marked failed after 5 attempts. Several processes may poll the same table.
 */
export function createJobRunner(db: Db, log: Pick<FastifyBaseLogger, 'error' | 'warn'>, opts: { intervalMs?: number } = {}) {
  const handlers = new Map<string, JobHandler>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  const claim = async () => {
    const result = await db.execute(sql`
      update jobs set status = 'running', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${LOCK_SECONDS})
      where id in (
        select id from jobs
        where (status = 'pending' and run_at <= now()) or (status = 'running' and locked_until < now())
        order by run_at limit 20
        for update skip locked)
      returning id, kind, key, payload, attempts`);
    return (result as unknown as { rows: { id: number; kind: string; key: string; payload: Record<string, unknown>; attempts: number }[] })
      .rows;
  };

  /** Runs every due job once; answers how many ran. */
  const tick = async (): Promise<number> => {
    const due = await claim();
    for (const job of due) {
      const handler = handlers.get(job.kind);
      try {
        if (!handler) {
          throw new Error(`no handler for job kind ${job.kind}`);
        }
        await handler(job.payload, job);
        await db.update(jobs).set({ status: 'done', doneAt: new Date(), lockedUntil: null }).where(eq(jobs.id, job.id));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const failed = job.attempts >= MAX_ATTEMPTS;
        log.error({ err, job: job.key }, failed ? 'job failed for good' : 'job failed; it will retry');
        await db
          .update(jobs)
          .set({
            status: failed ? 'failed' : 'pending',
            lastError: message,
            lockedUntil: null,
            runAt: sql`now() + make_interval(secs => ${2 ** job.attempts})`,
          })
          .where(eq(jobs.id, job.id));
      }
    }
    return due.length;
  };

  const loop = async () => {
    if (stopped) {
      return;
    }
    running = tick().catch((err: unknown) => {
      log.warn({ err }, 'job poll failed');
      return 0;
    });
    await running;
    if (!stopped) {
      timer = setTimeout(loop, opts.intervalMs ?? 500);
    }
  };

  return {
    register(kind: string, handler: JobHandler) {
      handlers.set(kind, handler);
    },
    tick,
    start() {
      if (stopped) {
        stopped = false;
        void loop();
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
