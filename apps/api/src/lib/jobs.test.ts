import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/jobs.ts';
import { useTestApp } from '../test/harness.ts';
import { cancelJob, createJobRunner, scheduleJob } from './jobs.ts';

const t = useTestApp();
const quiet = { error: () => undefined, warn: () => undefined };

describe('durable jobs', () => {
  it('runs a due job once, and not a future one', async () => {
    const runner = createJobRunner(t.database.db, quiet);
    const seen: unknown[] = [];
    runner.register('note', async (payload) => {
      seen.push(payload.n);
    });
    await scheduleJob(t.database.db, 'note', 'note:1', new Date(Date.now() - 1000), { n: 1 });
    await scheduleJob(t.database.db, 'note', 'note:2', new Date(Date.now() + 60_000), { n: 2 });
    expect(await runner.tick()).toBe(1);
    expect(await runner.tick()).toBe(0);
    expect(seen).toEqual([1]);
    const [done] = await t.database.db.select().from(jobs).where(eq(jobs.key, 'note:1'));
    expect(done?.status).toBe('done');
  });

  it('rescheduling a key replaces the pending job; cancelling removes it', async () => {
    await scheduleJob(t.database.db, 'note', 'close:7', new Date(Date.now() + 60_000));
    await scheduleJob(t.database.db, 'note', 'close:7', new Date(Date.now() + 120_000));
    const rows = await t.database.db.select().from(jobs).where(eq(jobs.key, 'close:7'));
    expect(rows).toHaveLength(1);
    await cancelJob(t.database.db, 'close:7');
    expect(await t.database.db.select().from(jobs).where(eq(jobs.key, 'close:7'))).toHaveLength(0);
  });

  it('retries a failing job later and survives a restart of the runner', async () => {
    let calls = 0;
    const first = createJobRunner(t.database.db, quiet);
    first.register('flaky', async () => {
      calls++;
      throw new Error('not yet');
    });
    await scheduleJob(t.database.db, 'flaky', 'flaky:1', new Date(Date.now() - 10));
    expect(await first.tick()).toBe(1);
    const [retry] = await t.database.db.select().from(jobs).where(eq(jobs.key, 'flaky:1'));
    expect(retry).toMatchObject({ status: 'pending', attempts: 1, lastError: 'not yet' });
    expect(retry?.runAt.getTime()).toBeGreaterThan(Date.now());
    await first.stop();

    // A new process (runner) picks the job up from the table once it is due.
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 10) })
      .where(eq(jobs.key, 'flaky:1'));
    const second = createJobRunner(t.database.db, quiet);
    second.register('flaky', async () => {
      calls++;
    });
    expect(await second.tick()).toBe(1);
    expect(calls).toBe(2);
    const [done] = await t.database.db.select().from(jobs).where(eq(jobs.key, 'flaky:1'));
    expect(done?.status).toBe('done');
  });

  it('runs jobs on its own once started', async () => {
    const runner = createJobRunner(t.database.db, quiet, { intervalMs: 50 });
    let ran = false;
    runner.register('ping', async () => {
      ran = true;
    });
    runner.start();
    await scheduleJob(t.database.db, 'ping', 'ping:1', new Date(Date.now() + 100));
    const until = Date.now() + 5000;
    while (!ran && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await runner.stop();
    expect(ran).toBe(true);
  });
});
