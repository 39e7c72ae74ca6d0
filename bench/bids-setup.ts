import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client.ts';
import { firstBidPaise } from './bids-load.ts';
import { suratStop } from './tracking-fleet.ts';

/**
 * The bids bench's auction, set up through the app in the bench's process before the measured API
 * process opens the database: the shipper's rule (rank and lowest price shown, a minimum
 * decrement), `carriers` carrier companies in My Carriers whose users log in, and two open requests
 * inviting them all (the app's, and the one its ceiling serves), the bid end 30 days away so
 * anti-sniping never fires. Every carrier bids once on each through the app (firstBidPaise): the
 * timed bids on both are revisions.
 */
export type Auction = {
  ownerToken: string;
  requestId: number;
  ceilingRequestId: number;
  /** The carriers' session tokens, with their link (industry_carriers.id) and user. */
  carriers: { token: string; link: number; user: number }[];
};

type Call = (method: string, path: string, token: string | null, payload?: unknown) => Promise<never>;

export async function setUpAuction(database: Database, decrement: number, carriers: number): Promise<Auction> {
  const { demoAppOn } = await import('./bench-database.ts');
  const app = await demoAppOn(database);
  try {
    const call: Call = async (method, path, token, payload) => {
      const res = await app.inject({
        method: method as 'GET',
        url: path,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload ? { payload: payload as object } : {}),
      });
      const json = res.json() as { data?: unknown; error?: unknown };
      if (res.statusCode >= 300) {
        throw new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(json.error)}`);
      }
      return json.data as never;
    };
    return await auction(database, call, decrement, carriers);
  } finally {
    await app.close();
  }
}

async function auction(database: Database, call: Call, decrement: number, count: number): Promise<Auction> {
  const { DEMO_PASSWORD } = await import('../apps/api/src/db/seed/demo.ts');
  const { bidVisibilitySettings } = await import('../apps/api/src/db/schema/settings.ts');
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const login = async (email: string) =>
    ((await call('POST', '/api/auth/login', null, { login: email, password: DEMO_PASSWORD })) as { token: string }).token;
  const owner = await login('owner@demo.test');
  const [ownerRow] = await rows<{ industry_id: number; password_hash: string }>(
    sql`select industry_id, password_hash from users where email = 'owner@demo.test'`,
  );
  if (!ownerRow) {
    throw new Error('demo owner missing');
  }
  await database.db.insert(bidVisibilitySettings).values({
    industryId: ownerRow.industry_id,
    visibility: 'rank_and_lowest',
    minDecrementPaise: Math.round(decrement * 100),
    antiSnipingMinutes: 5,
  });
  const links: number[] = [];
  for (let i = 0; i < count; i++) {
    const carrier = {
      name: `Bench Roadways ${i}`,
      contactName: `Dispatcher ${i}`,
      mobile: `8${String(700_000_000 + i)}`,
      email: `bench${i}@carrier.test`,
    };
    links.push(((await call('POST', '/api/carriers', owner, carrier)) as { id: number }).id);
  }
  await database.db.execute(
    sql`update users set password_hash = ${ownerRow.password_hash} where user_type = 2 and email like 'bench%@carrier.test'`,
  );
  const users = new Map(
    (await rows<{ id: number; email: string }>(sql`select id, email from users where email like 'bench%@carrier.test'`)).map((u) => [
      u.email,
      u.id,
    ]),
  );
  const carriers: Auction['carriers'] = [];
  for (let i = 0; i < count; i++) {
    carriers.push({ token: await login(`bench${i}@carrier.test`), link: links[i] ?? 0, user: users.get(`bench${i}@carrier.test`) ?? 0 });
  }
  const requestId = await openRequest(call, owner, links, 1);
  const ceilingRequestId = await openRequest(call, owner, links, 2);
  for (const id of [requestId, ceilingRequestId]) {
    for (const [i, c] of carriers.entries()) {
      await call('POST', `/api/carrier/requests/${id}/bids`, c.token, { amountRupees: firstBidPaise(i) / 100, vehicles: 1 + (i % 3) });
    }
  }
  return { ownerToken: owner, requestId, ceilingRequestId, carriers };
}

/** An open outbound request from a demo plant to a new stop, inviting `links`. */
async function openRequest(call: Call, owner: string, links: number[], n: number): Promise<number> {
  const [plant] = (await call('GET', '/api/plants/options', owner)) as { id: number }[];
  const [vehicle] = (await call('GET', '/api/vehicle-types/options', owner)) as { id: number }[];
  const { id: stopId } = (await call('POST', '/api/stops', owner, suratStop(`Surat DC ${n}`))) as { id: number };
  const day = 86_400_000;
  const request = (await call('POST', '/api/requests/outbound', owner, {
    requestType: 1,
    plantId: plant?.id,
    dropoffs: [{ stopId }],
    weightTonnes: 20,
    vehicleTypeId: vehicle?.id,
    vehicleCount: 3,
    bidStartAt: new Date(Date.now() - 60_000).toISOString(),
    bidEndAt: new Date(Date.now() + 30 * day).toISOString(),
    pickupAt: new Date(Date.now() + 31 * day).toISOString(),
    targetPriceRupees: 500_000,
    carrierLinkIds: links,
  })) as { id: number; status: string };
  if (request.status !== 'open') {
    throw new Error(`the request is ${request.status}, not open`);
  }
  return request.id;
}
