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

/** Short locks so a handler can outlive one in a test. */
const fast = { intervalMs: 20, lockMs: 1000, heartbeatMs: 100 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const waitFor = async (what: string, cond: () => boolean | Promise<boolean>, ms = 8000) => {
  const until = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > until) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await sleep(20);
  }
};
/** A promise the test resolves when it wants. */
const gate = () => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open: () => open(), opened };
};
const rowOf = async (key: string) => (await t.database.db.select().from(jobs).where(eq(jobs.key, key)))[0];
const statusCount = async (prefix: string, status: string) =>
  (await t.database.db.select().from(jobs)).filter((j) => j.key.startsWith(prefix) && j.status === status).length;

describe('job runner: locks, concurrency, timeouts', () => {
  it('claims only the jobs it starts now, a few at a time', async () => {
    const runner = createJobRunner(t.database.db, quiet, { ...fast, concurrency: 2 });
    const { open: release, opened } = gate();
    let started = 0;
    runner.register('gated', async () => {
      started++;
      await opened;
    });
    for (let i = 0; i < 5; i++) {
      await scheduleJob(t.database.db, 'gated', `gated:${i}`, new Date(Date.now() - 10));
    }
    runner.start();
    try {
      await waitFor('two starts', () => started === 2);
      await sleep(100);
      expect(started).toBe(2);
      // The other three stay pending, free for another process, instead of waiting under this one's lock.
      expect(await statusCount('gated:', 'running')).toBe(2);
      expect(await statusCount('gated:', 'pending')).toBe(3);
      release();
      await waitFor('all five done', async () => (await statusCount('gated:', 'done')) === 5);
    } finally {
      release();
      await runner.stop();
    }
  });

  it('two runners never run the same job twice, even when the handler outlives the lock', async () => {
    const starts = new Map<string, number>();
    const lockLeft: number[] = [];
    const handler = async (_: unknown, job: { key: string }) => {
      starts.set(job.key, (starts.get(job.key) ?? 0) + 1);
      await sleep(1400);
      // Past the first lock's end: the lock was renewed, and it is still a short one.
      const row = await rowOf(job.key);
      lockLeft.push((row?.lockedUntil?.getTime() ?? 0) - Date.now());
      await sleep(600);
    };
    const a = createJobRunner(t.database.db, quiet, { ...fast, concurrency: 3 });
    const b = createJobRunner(t.database.db, quiet, { ...fast, concurrency: 3 });
    a.register('long', handler);
    b.register('long', handler);
    for (let i = 0; i < 6; i++) {
      await scheduleJob(t.database.db, 'long', `long:${i}`, new Date(Date.now() - 10));
    }
    a.start();
    b.start();
    try {
      await waitFor('six done', async () => (await statusCount('long:', 'done')) === 6, 15_000);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect([...starts.values()]).toEqual([1, 1, 1, 1, 1, 1]);
    expect(lockLeft).toHaveLength(6);
    for (const left of lockLeft) {
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(fast.lockMs + 100);
    }
    const rows = (await t.database.db.select().from(jobs)).filter((j) => j.key.startsWith('long:'));
    expect(rows.map((r) => r.attempts)).toEqual([1, 1, 1, 1, 1, 1]);
  }, 20_000);

  it('aborts a handler past its timeout, keeps it from a second start while it lives, then retries', async () => {
    let starts = 0;
    let sawAbort: boolean | undefined;
    let startsWhenFirstEnded = 0;
    let errorSeenBySecond: string | null | undefined;
    const handler = async (_: unknown, job: { key: string; attempts: number; signal: AbortSignal }) => {
      starts++;
      if (job.attempts > 1) {
        errorSeenBySecond = (await rowOf(job.key))?.lastError;
        return;
      }
      // Ignores its signal and runs on well past its timeout and past its lock length.
      await sleep(2200);
      sawAbort = job.signal.aborted;
      startsWhenFirstEnded = starts;
    };
    const opts = { timeoutMs: 200, maxAttempts: 3, backoff: () => 0 };
    const a = createJobRunner(t.database.db, quiet, fast);
    const b = createJobRunner(t.database.db, quiet, fast);
    a.register('slow', handler, opts);
    b.register('slow', handler, opts);
    await scheduleJob(t.database.db, 'slow', 'slow:1', new Date(Date.now() - 10));
    a.start();
    b.start();
    try {
      await waitFor('the retry to finish', async () => (await rowOf('slow:1'))?.status === 'done', 10_000);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(sawAbort).toBe(true);
    expect(startsWhenFirstEnded).toBe(1);
    expect(starts).toBe(2);
    expect(errorSeenBySecond).toBe('timed out after 200 ms');
    expect(await rowOf('slow:1')).toMatchObject({ status: 'done', attempts: 2 });
  }, 15_000);

  it('runs again the job of a process that died, and the dead run cannot overwrite the result', async () => {
    let dead = false;
    // The "process" of runner a loses its database: it can neither renew its lock nor record anything.
    const deadly = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        if (dead) {
          throw new Error('connection lost');
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const { open: releaseA, opened: gateA } = gate();
    let aStarted = false;
    const a = createJobRunner(deadly, quiet, fast);
    a.register('fragile', async () => {
      aStarted = true;
      await gateA;
      throw new Error('stale failure');
    });
    const b = createJobRunner(t.database.db, quiet, fast);
    let bRuns = 0;
    b.register('fragile', async () => {
      bRuns++;
    });
    await scheduleJob(t.database.db, 'fragile', 'fragile:1', new Date(Date.now() - 10));
    a.start();
    try {
      await waitFor('a to start', () => aStarted);
      dead = true;
      const diedAt = Date.now();
      expect(await b.tick()).toBe(0);
      b.start();
      await waitFor('b to run it', async () => (await rowOf('fragile:1'))?.status === 'done', 5000);
      expect(Date.now() - diedAt).toBeGreaterThanOrEqual(fast.lockMs - 200);
      dead = false;
      releaseA();
      await sleep(300);
    } finally {
      dead = false;
      releaseA();
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(bRuns).toBe(1);
    expect(await rowOf('fragile:1')).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  }, 15_000);

  it('a job rescheduled while it runs starts again only after that run has ended', async () => {
    const events: string[] = [];
    let live = 0;
    let mostLive = 0;
    const handler = async (payload: Record<string, unknown>) => {
      live++;
      mostLive = Math.max(mostLive, live);
      events.push(`start ${payload.n}`);
      await sleep(payload.n === 1 ? 2000 : 10);
      events.push(`end ${payload.n}`);
      live--;
    };
    const a = createJobRunner(t.database.db, quiet, fast);
    const b = createJobRunner(t.database.db, quiet, fast);
    a.register('again', handler);
    b.register('again', handler);
    await scheduleJob(t.database.db, 'again', 'again:1', new Date(Date.now() - 10), { n: 1 });
    a.start();
    b.start();
    try {
      await waitFor('the first run', () => events.length > 0);
      // Like a bid that extends an auction while its close job runs.
      await scheduleJob(t.database.db, 'again', 'again:1', new Date(Date.now() - 10), { n: 2 });
      await waitFor('the second run', () => events.includes('end 2'));
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    expect(mostLive).toBe(1);
    expect(await rowOf('again:1')).toMatchObject({ status: 'done', attempts: 1, payload: { n: 2 } });
  });

  it('stop() waits for running jobs only so long, then aborts them', async () => {
    // A handler that ignores its abort is waited for `handBackMs` more, then left to its expiring lock.
    const runner = createJobRunner(t.database.db, quiet, { ...fast, stopTimeoutMs: 200, handBackMs: 200 });
    let signal: AbortSignal | undefined;
    runner.register('stuck', (_, job) => {
      signal = job.signal;
      return new Promise(() => undefined);
    });
    await scheduleJob(t.database.db, 'stuck', 'stuck:1', new Date(Date.now() - 10));
    runner.start();
    await waitFor('the start', () => signal !== undefined);
    const before = Date.now();
    await runner.stop();
    expect(Date.now() - before).toBeLessThan(2000);
    expect(signal?.aborted).toBe(true);
    expect(await rowOf('stuck:1')).toMatchObject({ status: 'running', attempts: 1 });
  });
});
