import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { caller, offlineOrder, type Road, setupRoad, walk } from '../../../test/execution.ts';
import { useTestApp } from '../../../test/harness.ts';
import { SURAT } from '../../../test/tracking.ts';
import { scanTrips } from '../trip-scan.ts';
import { createSimSimulator, SIM_SIMULATOR_ANSWER_MS } from './sim.ts';
import { createUlipSimulator } from './ulip.ts';
import { rowsOf } from '../../../db/rows.ts';

const t = useTestApp();
const call = caller(t);
let r: Road;
const HOUR = 3_600_000;
type Order = { id: number; number: string; vehicleNumber: string | null };

/** The simulators' clock and the poll's, moved by the tests. */
let now = new Date();
const poll = async () => {
  const done = await t.app.tracking.pollProviders(now);
  await t.app.tracking.ingest.writer.drain();
  return done;
};

/**
 * An outbound order (plant, then Surat) tracked by `choice`, its trip started `hoursAgo` (its
 * tracking set then: a trail starts no earlier, issue 38).
 */
async function onTheRoad(choice: Record<string, unknown>, hoursAgo: number | null): Promise<Order> {
  const order = await offlineOrder(t, r, 'outbound');
  const set = await call('PUT', `/api/tracking/outbound/orders/${order.id}/method`, r.owner, choice);
  expect(set.statusCode, set.body).toBe(200);
  if (hoursAgo !== null) {
    const started = new Date(now.getTime() - hoursAgo * HOUR).toISOString();
    await t.database.db.execute(
      sql`update order_tracking set started_at = ${started}::timestamptz, created_at = ${started}::timestamptz where order_id = ${order.id}`,
    );
  }
  return order;
}

const get = async (order: Order, what: string, token = r.owner) => {
  const res = await call('GET', `/api/tracking/outbound/orders/${order.id}/${what}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  r = await setupRoad(t);
  // The lane of every test order: the plant, then Surat.
  const [drop] = rowsOf<{ latitude: number }>(await t.database.db.execute(sql`select latitude from stops where id = ${r.dropStopId}`));
  expect(Number(drop?.latitude)).toBe(SURAT.latitude);
});

beforeEach(() => {
  now = new Date();
  t.app.tracking.providers.ulip = createUlipSimulator(() => now);
  t.app.tracking.providers.sim = createSimSimulator(() => now);
});

describe('FASTag crossings (ULIP FASTAG/01)', () => {
  it('stores each crossing once in read order, dropping the duplicate read and the reads of the previous trip', async () => {
    const order = await onTheRoad({ method: 'fastag' }, 12);
    expect((await poll()).polled).toBeGreaterThanOrEqual(1);
    const tolls = await get(order, 'tolls');
    expect(tolls.crossings.map((c: { plaza: string }) => c.plaza)).toEqual([
      'Urse Toll Plaza',
      'Ghoti Toll Plaza',
      'Bagwada Toll Plaza',
      'Boriach Toll Plaza',
    ]);
    expect(tolls).toMatchObject({
      vehicleNumber: order.vehicleNumber,
      method: 'fastag',
      duplicatesDropped: 1,
      beforeStartIgnored: 1,
      lastError: null,
    });
    const times = tolls.crossings.map((c: { readAt: string }) => Date.parse(c.readAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // The last crossing is the order's last position, with the plaza as its place.
    const track = (await call('GET', `/api/tracking/outbound/orders/${order.id}`, r.owner)).json().data;
    expect(track.lastPosition).toMatchObject({ source: 'fastag', place: 'Boriach Toll Plaza' });

    // Polled again ten minutes later: the same 72 hours of history, nothing stored twice.
    now = new Date(now.getTime() + 10 * 60_000);
    await poll();
    const again = await get(order, 'tolls');
    expect(again.crossings).toHaveLength(4);
    expect(again.duplicatesDropped).toBe(1);
    const [stored] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from positions where order_id = ${order.id} and source = 'fastag'`),
    );
    expect(stored?.n).toBe(4);

    // The public FASTag link (`/fast/…`) lists the plazas crossed, and nothing that identifies a read or a price.
    const link = await call('POST', `/api/tracking/outbound/orders/${order.id}/links`, r.owner, { kind: 'fast' });
    expect(link.statusCode, link.body).toBe(201);
    const token = link.json().data.token as string;
    const shown = await t.app.inject({ method: 'GET', url: `/api/public/tracking/${token}` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.tolls.map((c: { plaza: string }) => c.plaza)).toEqual(tolls.crossings.map((c: { plaza: string }) => c.plaza));
    // The price (30000) as a number of its own: a trail's epoch milliseconds may hold those digits.
    expect(shown.body).not.toMatch(/seqNo|(?<!\d)30000(?!\d)|price|Vayu/);
  });

  it('a vehicle between plazas is not "no signal" while ULIP answers; ULIP silent for an hour is', async () => {
    const order = await onTheRoad({ method: 'fastag' }, 12);
    await poll();
    const noSignal = async () =>
      rowsOf<{ n: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n from tracking_events where order_id = ${order.id} and kind = 'no_signal' and ended_at is null`,
        ),
      )[0]?.n;
    // The order must be on the road for the scan to judge it.
    await t.database.db.execute(
      sql`update orders set status = 'gate_out', gate_out_at = now() - interval '12 hours' where id = ${order.id}`,
    );
    await scanTrips(t.database.db, new Date());
    expect(await noSignal()).toBe(0);
    await t.database.db.execute(sql`
      update order_tracking set last_polled_at = now() - interval '2 hours',
        provider_state = provider_state || '{"lastError": "ULIP cannot be reached"}'::jsonb where order_id = ${order.id}`);
    await scanTrips(t.database.db, new Date());
    expect(await noSignal()).toBe(1);
  });

  it('asks nothing before the trip starts, and keeps a provider failure on the trip without a 500', async () => {
    const order = await onTheRoad({ method: 'fastag' }, null);
    await poll();
    expect((await get(order, 'tolls')).crossings).toEqual([]);
    await t.database.db.execute(sql`update order_tracking set started_at = now() - interval '3 hours' where order_id = ${order.id}`);
    t.app.tracking.providers.ulip = {
      ...createUlipSimulator(() => now),
      fastag: async () => {
        throw new Error('ULIP cannot be reached: connect ECONNREFUSED');
      },
    };
    const done = await poll();
    expect(done.failed).toBeGreaterThanOrEqual(1);
    expect((await get(order, 'tolls')).lastError).toMatch(/ECONNREFUSED/);
  });
});

describe('asking a provider now', () => {
  it('asks at the next turn instead of in ten minutes, at most once a minute, and never for a device trip', async () => {
    const order = await onTheRoad({ method: 'fastag' }, 12);
    await poll();
    const [before] = rowsOf<{ last_polled_at: string }>(
      await t.database.db.execute(sql`select last_polled_at from order_tracking where order_id = ${order.id}`),
    );
    // Asked a minute later: due now, although FASTag is asked every ten minutes.
    now = new Date(now.getTime() + 61_000);
    await t.database.db.execute(sql`update order_tracking set last_polled_at = now() - interval '61 seconds' where order_id = ${order.id}`);
    const ask = await call('POST', `/api/tracking/outbound/orders/${order.id}/ask`, r.owner, {});
    expect(ask.statusCode, ask.body).toBe(202);
    const [after] = rowsOf<{ last_polled_at: string | null }>(
      await t.database.db.execute(sql`select last_polled_at from order_tracking where order_id = ${order.id}`),
    );
    expect(after?.last_polled_at).toBeNull();
    const [job] = rowsOf<{ status: string; run_at: string }>(
      await t.database.db.execute(sql`select status, run_at from jobs where key = 'tracking-providers'`),
    );
    expect(Date.parse(job?.run_at ?? '')).toBeLessThanOrEqual(Date.now() + 1000);
    await poll();
    expect(before?.last_polled_at).toBeTruthy();
    const again = await call('POST', `/api/tracking/outbound/orders/${order.id}/ask`, r.owner, {});
    expect(again.statusCode, again.body).toBe(429);
    expect(again.json().error.message).toMatch(/less than a minute ago/);

    const phone = await offlineOrder(t, r, 'outbound');
    const set = await call('PUT', `/api/tracking/outbound/orders/${phone.id}/method`, r.owner, {
      method: 'device',
      identifier: 'ASK-PHONE-1',
    });
    expect(set.statusCode, set.body).toBe(200);
    const refused = await call('POST', `/api/tracking/outbound/orders/${phone.id}/ask`, r.owner, {});
    expect(refused.statusCode).toBe(409);
    expect((await call('POST', `/api/tracking/outbound/orders/${order.id}/ask`, r.vayu, {})).statusCode).toBe(403);
  });

  it('a trip already gone out starts at its gate out when FASTag is chosen', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    await walk(t, r, 'outbound', order, 'gate_out');
    const set = await call('PUT', `/api/tracking/outbound/orders/${order.id}/method`, r.owner, { method: 'fastag' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.startedAt).not.toBeNull();
    const [row] = rowsOf<{ same: boolean }>(
      await t.database.db.execute(
        sql`select t.started_at = o.gate_out_at as same from order_tracking t join orders o on o.id = t.order_id where o.id = ${order.id}`,
      ),
    );
    expect(row?.same).toBe(true);
  });
});

describe('rail by FNR (ULIP FOIS/01)', () => {
  it('stores a report per new station or status, with FOIS journey facts', async () => {
    const order = await onTheRoad({ method: 'rail', fnr: '23091420258' }, 0.5);
    await poll();
    let rail = await get(order, 'rail');
    expect(rail).toMatchObject({ fnr: '23091420258', notFound: false, from: 'MUMBAI CENTRAL (MMCT)', to: 'SURAT (ST)' });
    expect(rail.current).toMatchObject({ station: 'MUMBAI CENTRAL (MMCT)', status: 'DP' });
    expect(Date.parse(rail.eta)).toBeGreaterThan(now.getTime());

    now = new Date(now.getTime() + 40 * HOUR);
    await poll();
    rail = await get(order, 'rail');
    expect(rail.reports.map((x: { station: string }) => x.station)).toEqual(['SURAT (ST)', 'MUMBAI CENTRAL (MMCT)']);
    expect(rail.current.statusText).toMatch(/^REACHED AT DESTINATION/);
  });

  it('says so when FOIS does not know the FNR', async () => {
    const order = await onTheRoad({ method: 'rail', fnr: '11111111111' }, 1);
    t.app.tracking.providers.ulip = { ...createUlipSimulator(() => now), fois: async () => null };
    await poll();
    expect(await get(order, 'rail')).toMatchObject({ notFound: true, reports: [] });
  });
});

describe('phone-SIM tracking', () => {
  it('asks the driver, waits for the answer, then pings the phone; the next trip of the number needs no new consent', async () => {
    const order = await onTheRoad({ method: 'sim', simNumber: '9822055501', simOperator: 'airtel' }, 2);
    await poll();
    let sim = await get(order, 'sim');
    expect(sim).toMatchObject({ simNumber: '9822055501', consentState: 'pending', pingMinutes: 15 });
    expect(sim.consentRequestedAt).not.toBeNull();
    expect(sim.consentText).toMatch(/consent SMS was sent/);

    now = new Date(now.getTime() + SIM_SIMULATOR_ANSWER_MS + 1000);
    await poll();
    sim = await get(order, 'sim');
    expect(sim.consentState).toBe('approved');
    expect(Date.parse(sim.consentExpiresAt)).toBeGreaterThan(now.getTime() + 300 * 24 * HOUR);
    const places = (await call('GET', `/api/tracking/outbound/orders/${order.id}/places?source=sim`, r.owner)).json();
    expect(places.total).toBe(1);
    expect(places.data[0].address).toBeTruthy();
    const notes = (await call('GET', '/api/notifications?pageSize=100', r.vayu)).json().data as { title: string; referId: number }[];
    expect(notes.filter((n) => n.referId === order.id).map((n) => n.title)).toContain('SIM tracking on');

    const next = await onTheRoad({ method: 'sim', simNumber: '9822055501', simOperator: 'airtel' }, null);
    expect((await get(next, 'sim')).consentState).toBe('approved');
    // Jio asks on every trip.
    const jio = await onTheRoad({ method: 'sim', simNumber: '9822055501', simOperator: 'jio' }, null);
    expect((await get(jio, 'sim')).consentState).toBe('pending');
  });

  it('a driver who refuses is told to the shipper and the carrier, and is not pinged', async () => {
    const order = await onTheRoad({ method: 'sim', simNumber: '9822050000', simOperator: 'vi' }, 1);
    await poll();
    now = new Date(now.getTime() + SIM_SIMULATOR_ANSWER_MS + 1000);
    await poll();
    expect((await get(order, 'sim')).consentState).toBe('rejected');
    const notes = (await call('GET', '/api/notifications?pageSize=100', r.owner)).json().data as { title: string; referId: number }[];
    expect(notes.filter((n) => n.referId === order.id).map((n) => n.title)).toContain('SIM tracking refused');
    const places = (await call('GET', `/api/tracking/outbound/orders/${order.id}/places?source=sim`, r.owner)).json();
    expect(places.total).toBe(0);
  });

  it('a consent the operator no longer gives is withdrawn: the order says so and stops pinging', async () => {
    const order = await onTheRoad({ method: 'sim', simNumber: '9822055577', simOperator: 'vi' }, 1);
    await poll();
    now = new Date(now.getTime() + SIM_SIMULATOR_ANSWER_MS + 1000);
    await poll();
    expect((await get(order, 'sim')).consentState).toBe('approved');
    const pings = async () => (await call('GET', `/api/tracking/outbound/orders/${order.id}/places?source=sim`, r.owner)).json().total;
    expect(await pings()).toBe(1);
    t.app.tracking.providers.sim = { ...createSimSimulator(() => now), consent: async () => ({ state: 'pending', expiresAt: null }) };
    now = new Date(now.getTime() + 16 * 60_000);
    await poll();
    const sim = await get(order, 'sim');
    expect(sim.consentState).toBe('revoked');
    expect(sim.consentText).toMatch(/withdrew consent/);
    expect(await pings()).toBe(1);
    const notes = (await call('GET', '/api/notifications?pageSize=100', r.vayu)).json().data as { title: string; referId: number }[];
    expect(notes.filter((n) => n.referId === order.id).map((n) => n.title)).toContain('SIM tracking stopped');
  });
});

describe('access', () => {
  it('answers 401 without a session and 403 to a carrier on the shipper calls', async () => {
    const order = await onTheRoad({ method: 'fastag' }, null);
    for (const what of ['tolls', 'rail', 'sim']) {
      expect((await call('GET', `/api/tracking/outbound/orders/${order.id}/${what}`, '')).statusCode).toBe(401);
      expect((await call('GET', `/api/tracking/outbound/orders/${order.id}/${what}`, r.vayu)).statusCode).toBe(403);
      expect((await call('GET', `/api/tracking/outbound/orders/999999/${what}`, r.owner)).statusCode).toBe(404);
      expect((await call('GET', `/api/tracking/inbound/orders/${order.id}/${what}`, r.owner)).statusCode).toBe(404);
    }
  });
});
