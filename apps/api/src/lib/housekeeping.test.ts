import { randomUUID } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginThrottle, passwordResets, sessions, users } from '../db/schema/auth.ts';
import { jobs } from '../db/schema/jobs.ts';
import { useTestApp } from '../test/harness.ts';
import { createHousekeeping, HOUSEKEEPING_JOB, purgeWhere } from './housekeeping.ts';
import { createJobRunner } from './jobs.ts';

const t = useTestApp();
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const keysOf = async (prefix: string) =>
  (
    await t.database.db
      .select({ key: jobs.key })
      .from(jobs)
      .where(like(jobs.key, `${prefix}%`))
  )
    .map((r) => r.key)
    .sort();

/** Old and young rows of every kind housekeeping looks after; answers the ids to look for. */
async function seedRows() {
  const db = t.database.db;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  const userId = admin?.id ?? 0;
  const job = (key: string, status: 'pending' | 'done' | 'failed', doneAt: Date | null) =>
    ({ kind: 'old', key, status, runAt: ago(40 * 24 * HOUR), doneAt, payload: {} }) as const;
  await db
    .insert(jobs)
    .values([
      ...[1, 2, 3, 4, 5].map((i) => job(`hk:done-old-${i}`, 'done', ago(8 * 24 * HOUR))),
      job('hk:done-young', 'done', ago(24 * HOUR)),
      job('hk:failed-old', 'failed', ago(31 * 24 * HOUR)),
      job('hk:failed-young', 'failed', ago(8 * 24 * HOUR)),
      job('hk:pending-old', 'pending', null),
    ]);
  const session = (expiresAt: Date, revokedAt: Date | null) => ({ userId, tokenHash: randomUUID(), expiresAt, revokedAt });
  const s = await db
    .insert(sessions)
    .values([
      session(ago(2 * 24 * HOUR), null),
      session(ago(-HOUR), ago(2 * 24 * HOUR)),
      session(ago(HOUR), null),
      session(ago(-HOUR), ago(HOUR)),
    ])
    .returning({ id: sessions.id });
  const reset = (expiresAt: Date, usedAt: Date | null) => ({ userId, tokenHash: randomUUID(), expiresAt, usedAt });
  const r = await db
    .insert(passwordResets)
    .values([reset(ago(-HOUR), ago(2 * 24 * HOUR)), reset(ago(2 * 24 * HOUR), null), reset(ago(HOUR), null), reset(ago(-HOUR), null)])
    .returning({ id: passwordResets.id });
  await db.insert(loginThrottle).values([
    { key: 'hk:ip:old', windowStart: ago(25 * HOUR), failures: 3 },
    { key: 'hk:account:young', windowStart: ago(2 * HOUR), failures: 9 },
  ]);
  return { sessions: s.map((x) => x.id), resets: r.map((x) => x.id) };
}

describe('housekeeping', () => {
  it('purges each kind of old row in batches, keeps the young ones, and runs registered purges', async () => {
    const ids = await seedRows();
    const runner = createJobRunner(t.database.db, quiet);
    const housekeeping = createHousekeeping(t.database.db, runner, quiet, { batch: 2 });
    housekeeping.registerPurge('custom', purgeWhere(jobs, jobs.id, sql`${jobs.key} = 'hk:pending-old'`));
    const purged = await housekeeping.purgeAll();
    expect(purged).toMatchObject({
      'done jobs': 5,
      'failed jobs': 1,
      sessions: 2,
      'password resets': 2,
      'login throttle': 1,
      custom: 1,
    });
    expect(await keysOf('hk:')).toEqual(['hk:done-young', 'hk:failed-young']);
    const left = (await t.database.db.select({ id: sessions.id }).from(sessions)).map((x) => x.id);
    expect(ids.sessions.filter((id) => left.includes(id))).toEqual(ids.sessions.slice(2));
    const resetsLeft = (await t.database.db.select({ id: passwordResets.id }).from(passwordResets)).map((x) => x.id);
    expect(ids.resets.filter((id) => resetsLeft.includes(id))).toEqual(ids.resets.slice(2));
    const throttle = (await t.database.db.select({ key: loginThrottle.key }).from(loginThrottle)).map((x) => x.key);
    expect(throttle.filter((k) => k.startsWith('hk:'))).toEqual(['hk:account:young']);
  });

  it('is a recurring durable job: scheduled once, run by the runner, due again in an hour', async () => {
    const runner = createJobRunner(t.database.db, quiet);
    const logged: unknown[] = [];
    const log = { ...quiet, info: (o: unknown) => logged.push(o) };
    const housekeeping = createHousekeeping(t.database.db, runner, log);
    await housekeeping.ensureScheduled();
    await housekeeping.ensureScheduled();
    expect(await runner.tick()).toBe(1);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.key, HOUSEKEEPING_JOB));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect(row?.runAt.getTime()).toBeGreaterThan(Date.now() + HOUR - 60_000);
    expect(logged).toEqual([{ purged: expect.objectContaining({ sessions: 0, 'done jobs': 0 }) }]);
    // A restart leaves the pending job where it is.
    await housekeeping.ensureScheduled();
    const [again] = await t.database.db.select().from(jobs).where(eq(jobs.key, HOUSEKEEPING_JOB));
    expect(again?.runAt).toEqual(row?.runAt);
    expect(await runner.tick()).toBe(0);
  });
});
