import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';

/**
 * One claim of a job by one run. `lease` is the job's `locked_until` (epoch ms) as this run last
 * wrote it: every later write compares it, so a run whose lock was taken over (its process
 * stalled, the job was rescheduled or cancelled) can no longer touch the row.
 */
export type ClaimedJob = {
  id: number;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
  lease: number;
  /** The request id of the call that scheduled it (issue 36), or null. */
  requestId: string | null;
};

type Row = Omit<ClaimedJob, 'lease' | 'requestId'> & { lease: number | string; request_id?: string | null };

const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const toClaim = ({ request_id, ...r }: Row): ClaimedJob => ({ ...r, lease: Number(r.lease), requestId: request_id ?? null });

/** Millisecond precision, so the value read back equals the value written and can be compared. */
const lockedUntil = (lockMs: number) => sql`date_trunc('milliseconds', now() + make_interval(secs => ${lockMs / 1000}))`;
const LEASE = sql`floor(extract(epoch from locked_until) * 1000)::float8`;
/**
 * The lock is still this run's. It stays so when the job is rescheduled during the run (pending
 * again, attempts 0): the new run then waits until this one has ended and released the lock.
 */
const holdsLock = (job: ClaimedJob) => sql`id = ${job.id} and ${LEASE} = ${job.lease}::float8`;
/** The row is still this run's claim: its outcome may be recorded. */
const owned = (job: ClaimedJob) => sql`${holdsLock(job)} and status = 'running' and attempts = ${job.attempts}`;

/**
 * Claims up to `limit` due jobs of these kinds: pending ones whose time has come, and running ones
 * whose lock expired (their process died). Another process skips the rows this one is claiming.
 */
export async function claimJobs(db: Db, kinds: string[], limit: number, lockMs: number): Promise<ClaimedJob[]> {
  if (!kinds.length || limit <= 0) {
    return [];
  }
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    update jobs set status = 'running', attempts = attempts + 1, locked_until = ${lockedUntil(lockMs)}
    where id in (
      select id from jobs
      where kind in (${kindList})
        and ((status = 'pending' and run_at <= now() and (locked_until is null or locked_until < now()))
          or (status = 'running' and locked_until < now()))
      order by run_at limit ${limit}
      for update skip locked)
    returning id, kind, key, payload, attempts, request_id, ${LEASE} as lease`);
  return rowsOf(result).map(toClaim);
}

/** Extends the run's lock; answers the new lease, or undefined when the run no longer owns the job. */
export async function renewLease(db: Db, job: ClaimedJob, lockMs: number): Promise<number | undefined> {
  const result = await db.execute(sql`
    update jobs set locked_until = ${lockedUntil(lockMs)} where ${holdsLock(job)} returning ${LEASE} as lease`);
  const [row] = rowsOf(result);
  return row ? Number(row.lease) : undefined;
}

const update = async (db: Db, job: ClaimedJob, set: SQL): Promise<boolean> =>
  rowsOf(await db.execute(sql`update jobs set ${set} where ${owned(job)} returning id`)).length > 0;

/** Done; or, for a recurring job, pending again at `runAgainAt` with a fresh attempt count. */
export function markDone(db: Db, job: ClaimedJob, runAgainAt?: Date): Promise<boolean> {
  if (runAgainAt) {
    return update(
      db,
      job,
      sql`status = 'pending', run_at = ${runAgainAt.toISOString()}::timestamptz, attempts = 0, locked_until = null, last_error = null`,
    );
  }
  return update(db, job, sql`status = 'done', done_at = now(), locked_until = null, last_error = null`);
}

/** Failed attempt: pending again after `retryInMs`, or failed for good when `retryInMs` is undefined. */
export function markFailed(db: Db, job: ClaimedJob, message: string, retryInMs: number | undefined): Promise<boolean> {
  const lastError = message.slice(0, 2000);
  if (retryInMs === undefined) {
    return update(db, job, sql`status = 'failed', done_at = now(), locked_until = null, last_error = ${lastError}`);
  }
  return update(
    db,
    job,
    sql`status = 'pending', locked_until = null, last_error = ${lastError},
      run_at = now() + make_interval(secs => ${Math.max(0, retryInMs) / 1000})`,
  );
}

/** Records why a still-running attempt is in trouble (its timeout passed) without releasing it. */
export function noteError(db: Db, job: ClaimedJob, message: string): Promise<boolean> {
  return update(db, job, sql`last_error = ${message.slice(0, 2000)}`);
}

/**
 * Hands a run back because its process is stopping (SIGTERM): pending again at once, the attempt
 * not counted, so another node claims it on its next poll instead of after the lock expires.
 */
export async function handBack(db: Db, job: ClaimedJob): Promise<boolean> {
  return update(db, job, sql`status = 'pending', run_at = now(), attempts = attempts - 1, locked_until = null`);
}

/** Lets go of a job that was rescheduled while this run held it, so its next run may start. */
export async function releaseLock(db: Db, job: ClaimedJob): Promise<void> {
  await db.execute(sql`update jobs set locked_until = null where ${holdsLock(job)}`);
}

/**
 * Schedules (or reschedules) the job with this key to run at `runAt`. Call it inside the
 * transaction that makes the change the job belongs to, so both happen or neither. A job
 * rescheduled while it runs keeps that run's lock: its next run starts after this one has ended.
 * `requestId`: the call (or job) that schedules it, kept for the logs (lib/jobs.ts passes it).
 */
export async function scheduleJob(
  db: DbOrTx,
  kind: string,
  key: string,
  runAt: Date,
  payload: Record<string, unknown> = {},
  requestId: string | null = null,
): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind, key, runAt, payload, requestId })
    .onConflictDoUpdate({
      target: jobs.key,
      set: {
        kind,
        runAt,
        payload,
        requestId,
        status: 'pending',
        attempts: 0,
        lockedUntil: sql`case when ${jobs.status} = 'running' then ${jobs.lockedUntil} end`,
        lastError: null,
        doneAt: null,
      },
    });
}

export async function cancelJob(db: DbOrTx, key: string): Promise<void> {
  await db.delete(jobs).where(eq(jobs.key, key));
}
