import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, offlineOrder, type Road, setupRoad } from '../../../test/execution.ts';
import { useTestApp } from '../../../test/harness.ts';
import { foisTime, readerTime, startUlipServer } from '../../../test/ulip-server.ts';

/**
 * The real ULIP adapter end to end: the app is built from environment variables the production way
 * (ULIP_URL at a ULIP-shaped server on loopback http, let in by OUTBOUND_ALLOW), and driven through
 * its API and provider poll. Nothing here replaces the adapter: what the server answers is what the
 * tolls and rail views show.
 */
const account = { username: 'fd-ulip', password: 'ulip-secret-1' };
let ulip: Awaited<ReturnType<typeof startUlipServer>>;
/** An https origin on the allow list that a user then types as a push endpoint. */
let listed: { server: Server; port: number; connections: number };

beforeAll(async () => {
  ulip = await startUlipServer(account);
  const server = createServer((_req, res) => res.writeHead(201).end());
  listed = { server, port: 0, connections: 0 };
  server.on('connection', () => {
    listed.connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  listed.port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await ulip.close();
  await new Promise((resolve) => listed.server.close(resolve));
});

const t = useTestApp({
  env: () => ({
    ULIP_URL: ulip.baseUrl,
    ULIP_USERNAME: account.username,
    ULIP_PASSWORD: account.password,
    OUTBOUND_ALLOW: `${ulip.origin}, https://127.0.0.1:${listed.port}`,
  }),
});
const call = caller(t);
let r: Road;
const HOUR = 3_600_000;

beforeAll(async () => {
  r = await setupRoad(t);
});

const poll = async () => {
  const done = await t.app.tracking.pollProviders(new Date());
  await t.app.tracking.ingest.writer.drain();
  return done;
};

async function tracked(choice: Record<string, unknown>, startedHoursAgo: number) {
  const order = await offlineOrder(t, r, 'outbound');
  const set = await call('PUT', `/api/tracking/outbound/orders/${order.id}/method`, r.owner, choice);
  expect(set.statusCode, set.body).toBe(200);
  await t.database.db.execute(
    sql`update order_tracking set started_at = ${new Date(Date.now() - startedHoursAgo * HOUR).toISOString()}::timestamptz, created_at = ${new Date(Date.now() - startedHoursAgo * HOUR).toISOString()}::timestamptz where order_id = ${order.id}`,
  );
  return order;
}

const view = async (orderId: number, what: string) => {
  const res = await call('GET', `/api/tracking/outbound/orders/${orderId}${what}`, r.owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('the real ULIP adapter, configured from the environment, against a ULIP-shaped server', () => {
  it('is the adapter the configuration chose', () => {
    expect(t.app.tracking.providers.ulip.name).toBe('ulip');
  });

  it('FASTag: logs in, asks FASTAG/01 for the vehicle, and the crossings become the order’s positions', async () => {
    const order = await tracked({ method: 'fastag' }, 3);
    const vehicle = order.vehicleNumber ?? '';
    const read = (hoursAgo: number, plaza: string, geocode: string, seqNo: string) => ({
      readerReadTime: readerTime(new Date(Date.now() - hoursAgo * HOUR)),
      seqNo,
      laneDirection: 'N',
      tollPlazaGeocode: geocode,
      tollPlazaName: plaza,
      vehicleType: 'VC12',
      vehicleRegNo: vehicle,
    });
    const crossing = read(2, 'Urse Toll Plaza', '18.718,73.671', '7000000002');
    ulip.setReads(vehicle, [
      read(5, 'Khed Shivapur Toll Plaza', '18.347,73.862', '7000000001'),
      crossing,
      // A second reader of the lane caught the same tag: the same seqNo a moment later.
      { ...crossing, readerReadTime: readerTime(new Date(Date.now() - 2 * HOUR + 400)) },
      read(1, 'Charoti Toll Plaza', '19.89,72.93', '7000000003'),
    ]);

    expect((await poll()).failed).toBe(0);
    const tolls = await view(order.id, '/tolls');
    expect(tolls.crossings.map((c: { plaza: string }) => c.plaza)).toEqual(['Urse Toll Plaza', 'Charoti Toll Plaza']);
    expect(tolls).toMatchObject({ method: 'fastag', duplicatesDropped: 1, beforeStartIgnored: 1, lastError: null });
    const track = await view(order.id, '');
    expect(track.lastPosition).toMatchObject({ source: 'fastag', place: 'Charoti Toll Plaza' });

    const logins = ulip.calls.filter((c) => c.path === '/ulip/v1.0.0/user/login');
    expect(logins).toHaveLength(1);
    expect(logins[0]?.body).toEqual(account);
    const asked = ulip.calls.filter((c) => c.path === '/ulip/v1.0.0/FASTAG/01');
    expect(asked.map((c) => c.body)).toEqual([{ vehiclenumber: vehicle }]);
    expect(asked[0]?.headers).toMatchObject({ authorization: 'Bearer ulip-token-1', 'content-type': 'application/json' });
  });

  it('rail: a revoked token is answered 401, the adapter logs in exactly once more, and FOIS/01’s report is stored', async () => {
    const fnr = '23091420258';
    const order = await tracked({ method: 'rail', fnr }, 6);
    const departed = new Date(Date.now() - 40 * 60_000);
    ulip.setRake(fnr, {
      newFnr: '',
      fnrNo: fnr,
      etaDstn: foisTime(new Date(Date.now() + 3 * HOUR)),
      cmdt: 'CONT',
      currentStatus: `DEPARTED FROM VAPI(VAPI) ON ${foisTime(departed)}`,
      lastRepStts: 'DP',
      locoNumb: '31842',
      lastRepLocn: 'VAPI(VAPI)',
      lgtd: '72.905600',
      lttd: '20.371700',
      stationFrom: 'PUNE JN(PUNE)',
      stationTo: 'SURAT(ST)',
    });
    ulip.revokeTokens();
    const before = { logins: ulip.logins(), calls: ulip.calls.length };

    expect((await poll()).failed).toBe(0);
    expect(ulip.logins()).toBe(before.logins + 1);
    const since = ulip.calls.slice(before.calls);
    expect(since.map((c) => c.path)).toEqual(['/ulip/v1.0.0/FOIS/01', '/ulip/v1.0.0/user/login', '/ulip/v1.0.0/FOIS/01']);
    expect(since[2]?.headers.authorization).toBe(`Bearer ulip-token-${before.logins + 1}`);
    expect(since[2]?.body).toEqual({ fnrnumber: fnr });

    const rail = await view(order.id, '/rail');
    expect(rail).toMatchObject({ fnr, notFound: false, from: 'PUNE JN (PUNE)', to: 'SURAT (ST)', lastError: null });
    expect(rail.current).toMatchObject({ station: 'VAPI (VAPI)', status: 'DP' });
    expect(rail.reports.map((x: { station: string }) => x.station)).toEqual(['VAPI (VAPI)']);
    // FOIS's time (to the minute, IST) is the report's time.
    expect(Date.parse(rail.current.at)).toBe(Math.floor(departed.getTime() / 60_000) * 60_000);
  });

  it('a wrong password is kept on the trip as the provider’s refusal, without a 500', async () => {
    const order = await tracked({ method: 'fastag' }, 1);
    await t.database.db.execute(sql`update order_tracking set last_polled_at = null where order_id = ${order.id}`);
    ulip.revokeTokens();
    const real = account.password;
    account.password = 'changed-by-ulip';
    try {
      expect((await poll()).failed).toBeGreaterThanOrEqual(1);
    } finally {
      account.password = real;
    }
    expect((await view(order.id, '/tolls')).lastError).toMatch(/ULIP refused the login: Invalid username or password/);
  });

  it('a user-typed push endpoint on an origin of the allow list is still refused, and nothing is called', async () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const endpoint = `https://127.0.0.1:${listed.port}/push/1`;
    const token = JSON.stringify({
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
    });
    const res = await call('POST', '/api/user/save-token', r.owner, { token });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/token endpoint must be a public https address: it points at this machine \(loopback\)/);
    expect(listed.connections).toBe(0);
  });
});
