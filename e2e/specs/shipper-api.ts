import { type APIRequestContext, expect } from '@playwright/test';
import { PASSWORD } from './helpers.ts';

/** Calls beside the browser's own, as one user: for setting up what a spec then looks at. */
export type ApiUser = {
  /** The session's bearer token, for a call the helpers do not make (a multipart upload). */
  token: string;
  get: <T>(url: string) => Promise<T>;
  post: <T>(url: string, data: unknown, status?: number) => Promise<T>;
  delete: (url: string) => Promise<void>;
};

export const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

/** Logs a user in through the API; answers GET and POST helpers that check the status. */
export async function apiUser(request: APIRequestContext, email: string, password = PASSWORD): Promise<ApiUser> {
  const login = await request.post('/api/auth/login', { data: { login: email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const token: string = (await login.json()).data.token;
  const headers = { authorization: `Bearer ${token}` };
  return {
    token,
    get: async (url) => {
      const res = await request.get(url, { headers });
      expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
      return (await res.json()).data;
    },
    post: async (url, data, status = 201) => {
      const res = await request.post(url, { headers, data: data as object });
      expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
      return (await res.json()).data;
    },
    delete: async (url) => {
      const res = await request.delete(url, { headers });
      expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
    },
  };
}

/**
 * Pairs a phone as the app's Devices page does (`POST /api/tracking/devices`, or the carrier's): the
 * device and the identifier issued for it, shown once.
 */
export async function pairPhone(request: APIRequestContext, email: string, name: string): Promise<{ id: number; identifier: string }> {
  const login = await request.post('/api/auth/login', { data: { login: email, password: PASSWORD } });
  const body = (await login.json()).data;
  const base = body.userType === 2 ? '/api/carrier/tracking' : '/api/tracking';
  const res = await request.post(`${base}/devices`, { headers: { authorization: `Bearer ${body.token}` }, data: { kind: 'phone', name } });
  expect(res.status(), await res.text()).toBe(201);
  const made = await res.json();
  return { id: made.data.id, identifier: made.pairing.identifier };
}

type Option = { id: number; name: string };

/** The demo shipper's ids a request or an order needs: a plant by name, Vayu Roadlines' link, a vehicle type. */
export async function demoIds(owner: ApiUser, plantName = 'Pune Chakan Plant') {
  const plants = await owner.get<Option[]>('/api/plants/options');
  const carriers = await owner.get<Option[]>('/api/carriers/options');
  const [vehicle] = await owner.get<Option[]>('/api/vehicle-types/options');
  const plant = plants.find((p) => p.name === plantName);
  const vayu = carriers.find((c) => c.name === 'Vayu Roadlines');
  expect(plant && vayu && vehicle).toBeTruthy();
  return { plantId: plant?.id ?? 0, vayuLink: vayu?.id ?? 0, vehicleTypeId: vehicle?.id ?? 0 };
}

type Ids = Awaited<ReturnType<typeof demoIds>>;

/**
 * The real road to an order, through the API: a request at the plant inviting Vayu, its bid, the
 * auction closing on time (`bidEndMs` from now), the award of its one vehicle. At the plant a late
 * bid does not extend the bidding while it runs; the plant's rule is removed afterwards, so later
 * specs get the shipper's own again.
 */
export async function awardedOrder(
  owner: ApiUser,
  vayu: ApiUser,
  ids: Ids,
  load: { stopId: number; pickupAt: string; bidEndMs?: number; weightTonnes?: number },
) {
  const rule = await owner.post<{ id: number }>('/api/bid-visibility-settings', {
    plantId: ids.plantId,
    visibility: 'rank_only',
    antiSnipingMinutes: 0,
  });
  const req = await owner.post<{ id: number; number: string }>('/api/requests/outbound', {
    requestType: 1,
    plantId: ids.plantId,
    dropoffs: [{ stopId: load.stopId }],
    weightTonnes: load.weightTonnes ?? 16,
    vehicleTypeId: ids.vehicleTypeId,
    vehicleCount: 1,
    bidStartAt: hoursFromNow(-1),
    bidEndAt: new Date(Date.now() + (load.bidEndMs ?? 20_000)).toISOString(),
    pickupAt: load.pickupAt,
    targetPriceRupees: 45000,
    carrierLinkIds: [ids.vayuLink],
  });
  await vayu.post(`/api/carrier/requests/${req.id}/bids`, { amountRupees: 43500, vehicles: 1 });
  await expect
    .poll(async () => (await owner.get<{ status: string }>(`/api/requests/outbound/${req.id}`)).status, { timeout: 90_000 })
    .toBe('closed');
  const [bid] = await owner.get<{ id: number }[]>(`/api/requests/outbound/${req.id}/bids`);
  const [order] = await owner.post<{ id: number; number: string }[]>(`/api/requests/outbound/${req.id}/award`, {
    awards: [{ bidId: bid?.id, vehicles: 1 }],
  });
  expect(order).toBeTruthy();
  await owner.delete(`/api/bid-visibility-settings/${rule.id}`);
  return { request: req, order: order as { id: number; number: string } };
}

/**
 * An outbound offline order of the demo shipper, carried by Vayu at the plant and vehicle type of
 * `ids`, dropping at `stopId`; `extra` sets or overrides any field (price, pickup, vehicle, driver).
 */
export function offlineOrder(owner: ApiUser, ids: Ids, stopId: number, extra: Record<string, unknown> = {}) {
  return owner.post<{ id: number; number: string }>('/api/offline-orders/outbound', {
    carrierLinkId: ids.vayuLink,
    plantId: ids.plantId,
    vehicleTypeId: ids.vehicleTypeId,
    priceRupees: 40_000,
    pickupAt: hoursFromNow(3),
    dropoffs: [{ stopId }],
    ...extra,
  });
}

/**
 * An offline order of Vayu with its vehicle and driver, reported at the plant by Vayu: what the
 * gate board offers a gate in for (e2e 43, 49).
 */
export async function reportedOrder(owner: ApiUser, vayu: ApiUser, ids: Ids, stopId: number, truck: Truck) {
  const order = await offlineOrder(owner, ids, stopId, { pickupAt: hoursFromNow(-1), ...truck });
  await vayu.post(`/api/carrier/orders/${order.id}/report`, {}, 200);
  return order;
}

/** A vehicle and its driver on an order. */
export type Truck = { vehicleNumber: string; driverName: string; driverMobile?: string };

/** A POD as the carrier's phone uploads it: a small JPEG (its magic bytes, then filler). */
const podPhoto = () => ({
  name: 'pod.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 7)]),
});

/** When an order's gate moves were made, in hours before now (the order was picked up an hour before its gate in). */
export type GateHours = { gateIn: number; loaded: number; gateOut: number };

/**
 * A Vayu order all the way to delivered, as its people make it: an offline order with `truck` (and
 * any field of the order it sets, a price), through the plant's gate (in, loaded, out at `hours`
 * ago), arrived and delivered by Vayu with a POD photo (multipart). What an invoice of Vayu's bills
 * (e2e 27, 46, 47).
 */
export async function deliveredOrder(
  request: APIRequestContext,
  users: { owner: ApiUser; vayu: ApiUser },
  at: { ids: Ids; stopId: number },
  truck: Truck & Record<string, unknown>,
  hours: GateHours = { gateIn: 7, loaded: 6, gateOut: 5 },
) {
  const { owner, vayu } = users;
  const order = await offlineOrder(owner, at.ids, at.stopId, { pickupAt: hoursFromNow(-hours.gateIn - 1), ...truck });
  const gate = (call: string, body: object, hoursAgo: number) =>
    owner.post(`/api/orders/outbound/${order.id}/${call}`, { ...body, at: hoursFromNow(-hoursAgo) }, 200);
  await gate('gate-in', { vehicleNumber: truck.vehicleNumber, driverChecked: true }, hours.gateIn);
  await gate('loaded', { grossKg: 23_400, tareKg: 9_100 }, hours.loaded);
  await gate('gate-out', { documents: ['invoice', 'lr'] }, hours.gateOut);
  await vayu.post(`/api/carrier/orders/${order.id}/arrive`, {}, 200);
  const delivered = await request.post(`/api/carrier/orders/${order.id}/deliver`, {
    headers: { authorization: `Bearer ${vayu.token}` },
    multipart: { receiverName: 'Store keeper', deliveredAt: new Date().toISOString(), file: podPhoto() },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  return order;
}
