import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../apps/api/src/db/client.ts';

/** One tracked trip: the identifier its phone was issued, and its order. */
export type FleetTrip = { identifier: string; orderId: number; plantId: number };

export type Fleet = { owner: string; industryId: number; trips: FleetTrip[]; plantIds: number[] };

type Inject = { statusCode: number; body: string; json: () => { data?: unknown } };

/** A drop stop in Surat, away from every demo plant (the benches' destination). */
export const suratStop = (name: string) => ({
  name,
  type: 'drop',
  address: 'Yard',
  city: 'Surat',
  state: 'Gujarat',
  pincode: '395003',
  latitude: 21.17,
  longitude: 72.83,
});

/**
 * The demo shipper with `count` outbound offline orders of Vayu Roadlines (vehicle assigned, the
 * lane a demo plant → Surat DC), each tracked by its own phone (`{prefix}-{n}`), set by the shipper
 * through the API as the tests do (each phone paired first). Plants take turns.
 */
export async function trackedFleet(
  app: FastifyInstance,
  db: Db,
  count: number,
  prefix: string,
  password: string,
  opts: { startedMsAgo?: number } = {},
): Promise<Fleet> {
  const answer = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) => {
    const res = (await app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload,
    })) as unknown as Inject;
    if (res.statusCode >= 300) {
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    }
    return res.json() as { data: unknown };
  };
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) =>
    (await answer(method, url, token, payload)).data as never;
  const login = await call('POST', '/api/auth/login', null, { login: 'owner@demo.test', password });
  const owner = (login as { token: string }).token;
  const [me] = (
    (await db.execute(sql`select industry_id from users where email = 'owner@demo.test'`)) as unknown as { rows: { industry_id: number }[] }
  ).rows;
  const carriers = (await call('GET', '/api/carriers/options', owner)) as { id: number; name: string }[];
  const vayu = carriers.find((c) => c.name === 'Vayu Roadlines');
  const plants = (await call('GET', '/api/plants/options', owner)) as { id: number }[];
  const [vehicleType] = (await call('GET', '/api/vehicle-types/options', owner)) as { id: number }[];
  if (!vayu || !plants.length || !vehicleType) {
    throw new Error('the demo shipper has no Vayu link, plant or vehicle type');
  }
  const stop = (await call('POST', '/api/stops', owner, suratStop('Surat DC (bench)'))) as { id: number };
  const trips: FleetTrip[] = [];
  for (let n = 0; n < count; n++) {
    const plantId = plants[n % plants.length]?.id ?? 0;
    const order = (await call('POST', '/api/offline-orders/outbound', owner, {
      carrierLinkId: vayu.id,
      plantId,
      vehicleTypeId: vehicleType.id,
      priceRupees: 30000,
      pickupAt: new Date(Date.now() - 3_600_000).toISOString(),
      dropoffs: [{ stopId: stop.id }],
      vehicleNumber: `MH${12 + Math.floor(n / 9000)}BN${1000 + (n % 9000)}`,
      driverName: 'Ramesh',
      driverMobile: '9822012345',
    })) as { id: number };
    // A phone paired as the Devices page pairs one (its name `prefix-n`), reporting with the identifier issued.
    const paired = (await answer('POST', '/api/tracking/devices', owner, { kind: 'phone', name: `${prefix}-${n}` })) as unknown as {
      data: { id: number };
      pairing: { identifier: string };
    };
    await call('PUT', `/api/tracking/outbound/orders/${order.id}/method`, owner, { method: 'device', deviceId: paired.data.id });
    trips.push({ identifier: paired.pairing.identifier, orderId: order.id, plantId });
  }
  if (opts.startedMsAgo) {
    // The phones were put on their trips that long ago: a fix from then on is the trip's (the ingest
    // keeps an older one as the device's only, DeviceRoute.tripStart).
    const ids = trips.map((t) => t.orderId);
    await db.execute(
      sql`update order_tracking set created_at = now() - make_interval(secs => ${opts.startedMsAgo / 1000}) where order_id = any(${sql.param(ids)}::int[])`,
    );
  }
  return { owner, industryId: me?.industry_id ?? 0, trips, plantIds: plants.map((p) => p.id) };
}

/** A user watching the boards: its session token and the plant its board is narrowed to (null: all). */
export type BoardUser = { token: string; plantId: number | null };

/**
 * `count` staff users of the demo shipper with the demo Dispatcher role (which lists outbound
 * orders, so it may follow the outbound board and the orders' maps), written as the seed writes
 * users (SQL, the owner's password). Every other one works at one plant (its board is that
 * plant's), the rest at all. Each logs in through the API.
 */
export async function boardUsers(app: FastifyInstance, db: Db, fleet: Fleet, count: number, password: string): Promise<BoardUser[]> {
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const [owner] = rows<{ password_hash: string; role_id: number }>(
    await db.execute(sql`
      select u.password_hash, (select id from roles where industry_id = u.industry_id and name = 'Dispatcher') as role_id
      from users u where u.email = 'owner@demo.test'`),
  );
  if (!owner?.role_id) {
    throw new Error('the demo shipper has no Dispatcher role');
  }
  const users: BoardUser[] = [];
  for (let n = 0; n < count; n++) {
    const email = `board${n}@bench.test`;
    const [user] = rows<{ id: number }>(
      await db.execute(sql`
        insert into users (user_type, name, email, mobile, password_hash, industry_id, role_id)
        values (4, ${`Board watcher ${n}`}, ${email}, ${`7${String(100_000_000 + n)}`}, ${owner.password_hash}, ${fleet.industryId}, ${owner.role_id})
        returning id`),
    );
    const plantId = n % 2 ? (fleet.plantIds[n % fleet.plantIds.length] ?? null) : null;
    if (plantId !== null) {
      await db.execute(sql`insert into staff_plants (user_id, plant_id) values (${user?.id}, ${plantId})`);
    }
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: email, password } });
    if (res.statusCode !== 200) {
      throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
    }
    users.push({ token: (res.json() as { data: { token: string } }).data.token, plantId });
  }
  return users;
}
