import { expect } from 'vitest';
import type { TestContext } from './harness.ts';

export type Procurement = {
  owner: string;
  /** The demo carrier's and a second carrier's tokens. */
  vayu: string;
  ganesh: string;
  vayuLink: number;
  ganeshLink: number;
  /** A valid outbound request body inviting both carriers (bidding open now, for two hours). */
  base: Record<string, unknown>;
};

export const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

/** Two carriers linked to the demo shipper, a drop-off location, and a request body to start from. */
export async function setupProcurement(t: TestContext): Promise<Procurement> {
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.as(token), payload });
  const owner = await t.login('owner@demo.test');
  const vayu = await t.login('carrier@demo.test');
  const before = t.mails.length;
  const added = await call('POST', '/api/carriers', owner, {
    name: 'Shree Ganesh Transport',
    contactName: 'Prakash',
    mobile: '9765432101',
    email: 'ganesh@carrier.test',
  });
  expect(added.statusCode, added.body).toBe(201);
  const token = /#\/password\/reset\/([\w-]+)/.exec(t.mails[before]?.text ?? '')?.[1];
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password: 'Ganesh123', passwordConfirmation: 'Ganesh123' },
  });
  const ganesh = await t.login('ganesh@carrier.test', 'Ganesh123');
  const links = (await call('GET', '/api/carriers/options', owner)).json().data as { id: number; name: string }[];
  const [plant] = (await call('GET', '/api/plants/options', owner)).json().data;
  const stop = await call('POST', '/api/stops', owner, {
    name: 'Surat DC',
    type: 'drop',
    address: 'Yard',
    city: 'Surat',
    state: 'Gujarat',
    pincode: '395003',
    latitude: 21.17,
    longitude: 72.83,
  });
  const [vehicle] = (await call('GET', '/api/vehicle-types/options', owner)).json().data;
  return {
    owner,
    vayu,
    ganesh,
    vayuLink: links.find((l) => l.name === 'Vayu Roadlines')?.id ?? 0,
    ganeshLink: added.json().data.id,
    base: {
      requestType: 1,
      plantId: plant.id,
      dropoffs: [{ stopId: stop.json().data.id }],
      weightTonnes: 20,
      vehicleTypeId: vehicle.id,
      vehicleCount: 2,
      bidStartAt: hoursFromNow(-0.2),
      bidEndAt: hoursFromNow(2),
      pickupAt: hoursFromNow(24),
      targetPriceRupees: 50000,
      carrierLinkIds: links.map((l) => l.id),
    },
  };
}
