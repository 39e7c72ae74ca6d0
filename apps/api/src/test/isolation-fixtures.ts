import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { gstinCheckChar } from '@freightdesk/shared/validation/india';
import type { TestContext } from './harness.ts';
import { hoursFromNow, setupProcurement } from './procurement.ts';
import { makeAccountRecords, makeDocuments, makeInvoice, makePayments, makeRfqContractIndent } from './isolation-fixtures-trade.ts';
import { type Call, MARK, type Maker } from './isolation-maker.ts';

export { MARK } from './isolation-maker.ts';

/** One record of each kind, of the demo shipper, on a plant of its own (`plantId`). */
export type Fixtures = {
  owner: string;
  plantId: number;
  /** Another of the shipper's plants, for the staff user assigned elsewhere. */
  otherPlantId: number;
  ids: Record<string, number>;
  /** Valid bodies of the writes, so a refusal is the policy's and not a 400. */
  bodies: Record<string, unknown>;
};

/** A stop's body for `POST /api/stops` (Surat), named. */
export const stopBody = (name: string) => ({
  name,
  type: 'both',
  address: 'Plot 7',
  city: 'Surat',
  state: 'Gujarat',
  pincode: '395003',
  latitude: 21.17,
  longitude: 72.83,
});
const partyBody = (company: string) => ({
  company,
  contactName: 'Sunil Mehta',
  mobile: '9876501234',
  addresses: [
    {
      label: `${company} DC`,
      address: 'Gala 4',
      city: 'Bhiwandi',
      state: 'Maharashtra',
      pincode: '421302',
      latitude: 19.28,
      longitude: 73.05,
    },
  ],
  contacts: [],
});

/** The masters: a region, a plant of its own, a stop, parties, a route, products, settings, a role and its staff. */
async function makeMasters({ p, made, ids }: Maker): Promise<{ plantId: number; stop: number; vendor: number }> {
  const businessUnit = await made('/api/business-units', { name: `${MARK} Region`, code: 'ZQXR' }, 'businessUnit');
  const plantId = await made(
    '/api/plants',
    {
      name: `${MARK} Plant`,
      code: 'ZQX1',
      gstin: `27AAPFU0939F2Z${gstinCheckChar('27AAPFU0939F2Z')}`,
      address: 'MIDC',
      city: 'Nagpur',
      state: 'Maharashtra',
      country: 'India',
      pincode: '441122',
      latitude: 20.93,
      longitude: 79.0,
      geofenceRadius: 800,
      businessUnitId: businessUnit,
    },
    'plant',
  );
  const stop = await made('/api/stops', stopBody(`${MARK} Stop`), 'stop');
  await made('/api/clients', partyBody(`${MARK} Client`), 'client');
  const vendor = await made('/api/vendors', partyBody(`${MARK} Vendor`), 'vendor');
  await made(
    '/api/route-masters',
    { name: `${MARK} Route`, originPlantId: plantId, destinationStopIds: [stop], distanceKm: 420, transitHours: 10 },
    'routeMaster',
  );
  await made('/api/products', { name: `${MARK} Granules`, hsnCode: '3901', unit: 'bag' }, 'product');
  await made('/api/packages', { name: `${MARK} Bag`, unitWeightKg: 25 }, 'package');
  await made('/api/vehicle-types', { name: `${MARK} Truck`, body: 'open', capacityTonnes: 18 }, 'vehicleType');
  await made('/api/bid-visibility-settings', { visibility: 'rank_only', plantId }, 'bidVisibility');
  await made('/api/payment-settings', { advancePercent: 80, creditDays: 30, plantId }, 'paymentSetting');
  const role = await made('/api/roles', { name: `${MARK} Role`, permissions: ['list-plant'] }, 'role');
  await made(
    '/api/staff',
    { name: `${MARK} Staff`, email: 'zqxv.staff@demo.test', mobile: '9876543210', roleId: role, plantIds: [plantId] },
    'staff',
  );
  await made('/api/carrier-groups', { name: `${MARK} Group`, carrierLinkIds: [p.vayuLink] }, 'group');
  ids.carrierLink = p.vayuLink;

  return { plantId, stop, vendor };
}

/** An open outbound request with Vayu's bid, and an awarded one whose order Vayu gave a vehicle. */
async function makeRequestsAndOrder({ t, p, call, made, ids, bodies }: Maker, plantId: number): Promise<void> {
  const request = { ...p.base, plantId, remarks: `${MARK} load`, vehicleCount: 2 };
  const open = await made('/api/requests/outbound', request, 'outboundRequest');
  const bid = await t.app.inject({
    method: 'POST',
    url: `/api/carrier/requests/${open}/bids`,
    headers: t.as(p.vayu),
    payload: { amountRupees: 41000, vehicles: 2 },
  });
  expect(bid.statusCode, bid.body).toBe(201);
  const awarded = await made('/api/requests/outbound', request, 'awardedRequest');
  await t.app.inject({
    method: 'POST',
    url: `/api/carrier/requests/${awarded}/bids`,
    headers: t.as(p.vayu),
    payload: { amountRupees: 40000, vehicles: 2 },
  });
  await t.database.db.execute(sql`update transport_requests set status = 'closed' where id = ${awarded}`);
  const board = (await call('GET', `/api/requests/outbound/${awarded}/bids`)).json().data as unknown as { id: number }[];
  ids.bid = board[0]?.id ?? 0;
  const award = await call('POST', `/api/requests/outbound/${awarded}/award`, { awards: [{ bidId: ids.bid, vehicles: 1 }] });
  expect(award.statusCode, award.body).toBe(201);
  ids.order = (award.json().data as unknown as { id: number }[])[0]?.id ?? 0;
  bodies.award = { awards: [{ bidId: ids.bid, vehicles: 1 }] };
  // The carrier's move tells the owner (a notification of the owner's own).
  const assigned = await t.app.inject({
    method: 'POST',
    url: `/api/carrier/orders/${ids.order}/assign`,
    headers: t.as(p.vayu),
    payload: { vehicleNumber: 'MH12AB1234', driverName: 'Ramesh', driverMobile: '9822012345' },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
}

/** An inbound request, offline orders both ways, a tracking device and a live tracking link. */
async function makeOfflineAndTracking({ p, call, made, ids }: Maker, at: { plantId: number; stop: number; vendor: number }): Promise<void> {
  const { plantId, stop, vendor } = at;
  await made(
    '/api/requests/inbound',
    { ...p.base, requestType: 2, plantId, pickupAddressId: await firstAddress(call, vendor), dropoffs: [], remarks: `${MARK} inbound` },
    'inboundRequest',
  );
  const offline = { carrierLinkId: p.vayuLink, plantId, vehicleTypeId: ids.vehicleType, priceRupees: 30000, pickupAt: hoursFromNow(30) };
  await made('/api/offline-orders/outbound', { ...offline, dropoffs: [{ stopId: stop }] }, 'offlineOutbound');
  await made('/api/offline-orders/inbound', { ...offline, pickupAddressId: await firstAddress(call, vendor) }, 'offlineInbound');
  ids.inboundOrder = ids.offlineInbound ?? 0;
  await made('/api/tracking/devices', { identifier: `${MARK}-PHONE-1`, kind: 'phone' }, 'trackingDevice');
  await made(`/api/tracking/outbound/orders/${ids.order}/links`, { kind: 'live' }, 'trackingLink');
}

/** Creates the records through the API as the owner would, and answers their ids and bodies. */
export async function createFixtures(t: TestContext): Promise<Fixtures> {
  const p = await setupProcurement(t);
  const owner = p.owner;
  const call: Call = (method, url, payload) =>
    t.app.inject({ method: method as 'POST', url, headers: t.as(owner), payload: payload as object });
  const ids: Record<string, number> = {};
  const bodies: Record<string, unknown> = {};
  const made = async (url: string, body: unknown, key: string) => {
    const res = await call('POST', url, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
    ids[key] = res.json().data.id;
    bodies[key] = body;
    return ids[key] as number;
  };
  const m: Maker = { t, p, owner, call, made, ids, bodies };
  const [other] = (await call('GET', '/api/plants/options')).json().data as unknown as { id: number }[];
  const at = await makeMasters(m);
  await makeRequestsAndOrder(m, at.plantId);
  await makeOfflineAndTracking(m, at);
  const rfq = await makeRfqContractIndent(m, at.plantId, at.stop);
  await makeDocuments(m, rfq);
  await makeInvoice(m);
  await makeAccountRecords(m);
  await makePayments(m);
  return { owner, plantId: at.plantId, otherPlantId: other?.id ?? 0, ids, bodies };
}

async function firstAddress(call: Call, vendorId: number): Promise<number> {
  const vendor = (await call('GET', `/api/vendors/${vendorId}`)).json().data as unknown as { addresses: { id: number }[] };
  return vendor.addresses[0]?.id ?? 0;
}
