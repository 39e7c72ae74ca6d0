import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/jobs.ts';
import { RESET_MAIL_JOB } from '../modules/auth/password-links.ts';
import { useTestApp } from '../test/harness.ts';
import { jobLogFields } from './call-context.ts';
import { createJobRunner, scheduleJob } from './jobs.ts';

const t = useTestApp();
const quiet = { error: () => undefined, warn: () => undefined };
const rowOf = async (key: string) => (await t.database.db.select().from(jobs).where(eq(jobs.key, key)))[0];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A log that keeps each line with the fields pino's mixin adds to it (app.ts: `mixin: jobLogFields`). */
function capturingLog() {
  const lines: Record<string, unknown>[] = [];
  const write = (fields: object, msg?: string) => lines.push({ ...jobLogFields(), ...fields, msg });
  return { lines, log: { error: write, warn: write } };
}

describe('request ids in jobs (issue 36)', () => {
  it('a job scheduled by a call keeps its request id, runs under it and hands it to the jobs it schedules', async () => {
    const requestId = `it-${Date.now()}-forgot`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'x-request-id': requestId },
      payload: { email: 'nobody@demo.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe(requestId);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.kind, RESET_MAIL_JOB)).orderBy(desc(jobs.id)).limit(1);
    expect(row?.requestId).toBe(requestId);

    // Run that job (under another kind's handler, so the mail job itself stays out of it).
    await t.database.db
      .update(jobs)
      .set({ kind: 'trace-parent' })
      .where(eq(jobs.id, row?.id ?? 0));
    const { lines, log } = capturingLog();
    const runner = createJobRunner(t.database.db, log);
    const seen: (string | null)[] = [];
    runner.register('trace-parent', async (_payload, job) => {
      seen.push(job.requestId);
      log.warn({ step: 'parent' }, 'parent ran');
      await scheduleJob(t.database.db, 'trace-child', `trace-child:${requestId}`, new Date(Date.now() - 10));
    });
    runner.register('trace-child', async (_payload, job) => {
      seen.push(job.requestId);
      throw new Error('child fails once');
    });
    expect(await runner.tick()).toBe(2);
    expect(seen).toEqual([requestId, requestId]);
    expect((await rowOf(`trace-child:${requestId}`))?.requestId).toBe(requestId);
    // The handler's own line and the runner's line about the child's failure both carry the call's id.
    expect(lines.find((l) => l.step === 'parent')).toMatchObject({ reqId: requestId });
    expect(lines.find((l) => l.msg === 'job failed; it will retry')).toMatchObject({ reqId: requestId, job: `trace-child:${requestId}` });
  });

  it('a job scheduled outside any call has no request id and logs none', async () => {
    await scheduleJob(t.database.db, 'trace-none', 'trace-none:1', new Date(Date.now() - 10));
    expect((await rowOf('trace-none:1'))?.requestId).toBeNull();
    const { lines, log } = capturingLog();
    const runner = createJobRunner(t.database.db, log);
    runner.register('trace-none', async () => {
      log.warn({ step: 'none' }, 'ran');
    });
    expect(await runner.tick()).toBe(1);
    const line = lines.find((l) => l.step === 'none');
    expect(line).toBeDefined();
    expect(line?.reqId).toBeUndefined();
  });
});

describe('job runner: stopping hands running jobs back (issue 36)', () => {
  it('a job that outlives the stop grace is aborted and pending again at once, for another runner', async () => {
    const a = createJobRunner(t.database.db, quiet, { intervalMs: 20, stopTimeoutMs: 200 });
    let started = false;
    a.register('handover', async (_payload, job) => {
      started = true;
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
    });
    await scheduleJob(t.database.db, 'handover', 'handover:1', new Date(Date.now() - 10), { n: 1 });
    a.start();
    while (!started) {
      await sleep(20);
    }
    await a.stop();
    // Not failed, no backoff, the attempt not counted, the lock gone: another node takes it now.
    const row = await rowOf('handover:1');
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null, lastError: null });
    expect(row?.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    const b = createJobRunner(t.database.db, quiet);
    const payloads: unknown[] = [];
    b.register('handover', async (payload) => {
      payloads.push(payload);
    });
    expect(await b.tick()).toBe(1);
    expect(payloads).toEqual([{ n: 1 }]);
    expect(await rowOf('handover:1')).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('a job that finishes within the grace is recorded done by the stopping runner', async () => {
    const a = createJobRunner(t.database.db, quiet, { intervalMs: 20, stopTimeoutMs: 2000 });
    let started = false;
    a.register('finishing', async () => {
      started = true;
      await sleep(300);
    });
    await scheduleJob(t.database.db, 'finishing', 'finishing:1', new Date(Date.now() - 10));
    a.start();
    while (!started) {
      await sleep(20);
    }
    await a.stop();
    expect(await rowOf('finishing:1')).toMatchObject({ status: 'done', attempts: 1 });
  });
});
