import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KIND } from '../test/harness.ts';
import { createListener, type Listener } from './listen.ts';

const silent = { warn: () => {} };
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let listener: Listener;
const seen: string[] = [];
const states: boolean[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  listener = createListener(db.database, silent);
  listener.on('fd_test_sync', (payload) => seen.push(payload));
  listener.onState((up) => states.push(up));
  await listener.start();
});

afterAll(async () => {
  await listener.close();
  await db.drop();
});

const notify = (payload: string) => db.database.db.execute(sql`select pg_notify('fd_test_sync', ${payload})`);

describe('the listener', () => {
  it('says it listens once started', () => {
    expect(states).toEqual([true]);
  });

  it('has handled every announcement committed before a sync once the sync resolves, however many ask at once', async () => {
    for (let round = 0; round < 40; round++) {
      const payloads = [`a${round}`, `b${round}`, `c${round}`];
      await Promise.all(payloads.map(notify));
      // Several callers at once share rounds; each still waits for its own commit's announcements.
      await Promise.all([listener.sync(), notify(`d${round}`).then(() => listener.sync()), listener.sync()]);
      expect(seen.slice(-4).sort()).toEqual([...payloads, `d${round}`].sort());
    }
    expect(seen).toHaveLength(160);
  });

  it.runIf(TEST_DB_KIND === 'postgres')(
    'on PostgreSQL, tells of a lost connection, answers a sync at once meanwhile, and listens again',
    async () => {
      const pid = async () =>
        (
          (await db.database.db.execute(
            sql`select pid from pg_stat_activity where query like 'select pg_notify($1, $2)' and datname = current_database()`,
          )) as unknown as { rows: { pid: number }[] }
        ).rows[0]?.pid;
      await listener.sync();
      const listening = await pid();
      expect(listening).toBeGreaterThan(0);
      await db.database.db.execute(sql`select pg_terminate_backend(${listening})`);
      await expect.poll(() => states.at(-1), { timeout: 5000 }).toBe(false);
      await listener.sync();
      await expect.poll(() => states.at(-1), { timeout: 10_000 }).toBe(true);
      expect(states).toEqual([true, false, true]);
      await notify('after');
      await listener.sync();
      expect(seen.at(-1)).toBe('after');
    },
  );

  it('says it stopped once closed', async () => {
    await listener.close();
    expect(states.at(-1)).toBe(false);
  });
});
