import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type Database, openPostgres } from '../../db/client.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';
import { isDatabaseUnavailable } from '../../lib/errors.ts';
import type { Mail } from '../../lib/mail.ts';
import { type FaultProxy, startFaultProxy } from '../../test/fault-proxy.ts';
import { createTestDatabase, TEST_DB_KIND, type TestContext } from '../../test/harness.ts';
import { setupProcurement } from '../../test/procurement.ts';
import { migrateAndSeed, withPatientDb } from '../../test/seed-database.ts';
import { placeBid } from './bids.service.ts';

/**
 * Bids whose connection fails mid-transaction (PostgreSQL only: PGlite has no connection to lose).
 * The app reaches the database through a TCP proxy that loses answers; the test holds its own
 * direct connection to see what was stored.
 */
type Bidder = { id: number; carrierId: number };

let direct: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let proxied: Database | undefined;
let proxy: FaultProxy | undefined;
let app: FastifyInstance | undefined;
let requestId = 0;
let vayu: Bidder = { id: 0, carrierId: 0 };
let ganesh: Bidder = { id: 0, carrierId: 0 };

const settle = async (p: Promise<unknown>) => {
  const started = performance.now();
  return p.then(
    () => ({ ok: true as const, err: undefined, ms: performance.now() - started }),
    (err: unknown) => ({ ok: false as const, err, ms: performance.now() - started }),
  );
};
const revisionsWithKey = async (key: string) =>
  (await direct?.database.db.execute(
    sql`select amount_paise::text as amount from bid_revisions where idempotency_key = ${key}`,
  )) as unknown as {
    rows: { amount: string }[];
  };

async function bidder(email: string): Promise<Bidder> {
  const result = (await direct?.database.db.execute(
    sql`select id, carrier_id as "carrierId" from users where email = ${email}`,
  )) as unknown as {
    rows: Bidder[];
  };
  const [row] = result.rows;
  if (!row) {
    throw new Error(`no user ${email}`);
  }
  return row;
}

beforeAll(async () => {
  if (TEST_DB_KIND !== 'postgres') {
    return;
  }
  const created = await createTestDatabase();
  direct = created;
  if (!created.seeded) {
    await migrateAndSeed(created);
  }
  const target = new URL(created.url ?? '');
  proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(target);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  proxied = await openPostgres(viaProxy.toString());
  const mails: Mail[] = [];
  const built = await buildApp({
    database: proxied,
    config: loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://freightdesk.test' }),
    mailer: { send: async (mail) => void mails.push(mail) },
    logger: false,
  });
  app = built;
  const t: TestContext = {
    app: built,
    database: proxied,
    mails,
    login: async (email, password = DEMO_PASSWORD) =>
      (await built.inject({ method: 'POST', url: '/api/auth/login', payload: { login: email, password } })).json().data.token,
    as: (token) => ({ authorization: `Bearer ${token}` }),
    seed: (write) => withPatientDb(created, write),
  };
  const setup = await setupProcurement(t);
  const opened = await built.inject({ method: 'POST', url: '/api/requests/outbound', headers: t.as(setup.owner), payload: setup.base });
  expect(opened.statusCode, opened.body).toBe(201);
  requestId = opened.json().data.id;
  vayu = await bidder('carrier@demo.test');
  ganesh = await bidder('ganesh@carrier.test');
}, 60_000);

afterAll(async () => {
  proxy?.restore();
  await app?.close();
  await proxied?.close().catch(() => undefined);
  await proxy?.close();
  await direct?.drop();
});

describe.skipIf(TEST_DB_KIND !== 'postgres')('bids when the database connection fails mid-transaction', () => {
  it('answers a bid whose commit answer is lost as unavailable (503), never as placed, and the commit stands', async () => {
    const db = proxied?.db;
    if (!db || !proxy) {
      throw new Error('setup failed');
    }
    // (No statement before the commit, nor the idempotency key, contains the word.)
    proxy.blackHoleAfter('commit');
    const outcome = await settle(placeBid(db, vayu, requestId, { amountRupees: 45000, vehicles: 1, idempotencyKey: 'answer-lost' }));
    proxy.restore();
    expect(outcome.ok).toBe(false);
    expect(isDatabaseUnavailable(outcome.err), String(outcome.err)).toBe(true);
    expect(outcome.ms).toBeLessThan(2000);
    // The server did commit: the caller heard 503, and a retry with the same key replays the bid.
    expect((await revisionsWithKey('answer-lost')).rows).toEqual([{ amount: '4500000' }]);
    const retried = await placeBid(db, vayu, requestId, { amountRupees: 45000, vehicles: 1, idempotencyKey: 'answer-lost' });
    expect(retried).toMatchObject({ amountRupees: 45000, revisions: 0 });
    expect((await revisionsWithKey('answer-lost')).rows).toHaveLength(1);
  });

  it('answers the bids queued behind a batch the database stopped answering within 2 s, and serves again once it is back', async () => {
    const db = proxied?.db;
    const holder = direct?.database.db;
    if (!db || !holder || !proxy) {
      throw new Error('setup failed');
    }
    // Another session holds the request row, so the next batch waits inside its transaction.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holding = holder.transaction(async (tx) => {
      await tx.execute(sql`select 1 from transport_requests where id = ${requestId} for update`);
      locked();
      await released;
    });
    await isLocked;
    const first = settle(placeBid(db, vayu, requestId, { amountRupees: 44000, vehicles: 1, idempotencyKey: 'batch-in-flight' }));
    await new Promise((r) => setTimeout(r, 100));
    proxy.blackHole();
    const queued = settle(placeBid(db, ganesh, requestId, { amountRupees: 43000, vehicles: 1, idempotencyKey: 'queued-behind' }));
    const [a, b] = await Promise.all([first, queued]);
    release();
    await holding;
    proxy.restore();
    expect([a.ok, b.ok]).toEqual([false, false]);
    expect(isDatabaseUnavailable(a.err), String(a.err)).toBe(true);
    expect(isDatabaseUnavailable(b.err), String(b.err)).toBe(true);
    expect(b.ms, 'the queued bid heard within 2 s').toBeLessThan(2000);

    const back = performance.now();
    const again = await placeBid(db, ganesh, requestId, { amountRupees: 42000, vehicles: 1, idempotencyKey: 'after-restore' });
    expect(again.amountRupees).toBe(42000);
    expect(performance.now() - back).toBeLessThan(2000);
    expect((await revisionsWithKey('after-restore')).rows).toEqual([{ amount: '4200000' }]);
  });
});
