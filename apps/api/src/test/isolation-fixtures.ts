import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { gstinCheckChar } from '@freightdesk/shared/validation/india';
import type { TestContext } from './harness.ts';
import { webhookFixture } from './isolation-webhooks.ts';
import { multipartFile } from './import-files.ts';
import { closeRound } from '../modules/rfqs/rfq-rounds.service.ts';
import { hoursFromNow, type Procurement, setupProcurement } from './procurement.ts';
import { indiaToday } from '../lib/india-time.ts';

/** Every record of the demo shipper the isolation test aims at carries this mark in its name. */
export const MARK = 'Zqxv';

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

type Call = (
  method: string,
  url: string,
  payload?: unknown,
) => Promise<{ statusCode: number; body: string; json: () => { data: { id: number } } }>;

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

/** What each step of createFixtures works with: the procurement setup, the owner's calls and the ids and bodies made. */
type Maker = {
  t: TestContext;
  p: Procurement;
  owner: string;
  call: Call;
  made: (url: string, body: unknown, key: string) => Promise<number>;
  ids: Record<string, number>;
  bodies: Record<string, unknown>;
};

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

/** An RFQ quoted by Vayu and awarded (a contract), and an indent on its lane; answers the RFQ's id. */
async function makeRfqContractIndent({ t, p, call, made, ids }: Maker, plantId: number, stop: number): Promise<number> {
  const rfq = await made(
    '/api/rfqs',
    {
      title: `${MARK} RFQ`,
      plantId,
      periodFrom: '2027-04-01',
      periodTo: '2028-03-31',
      lanes: [
        {
          origin: { kind: 'plant', id: plantId },
          destination: { kind: 'stop', id: stop },
          vehicleTypeId: ids.vehicleType,
          tripsPerMonth: 20,
        },
      ],
      carrierLinkIds: [p.vayuLink],
    },
    'rfq',
  );
  const round = await call('POST', `/api/rfqs/${rfq}/rounds`, { endsAt: hoursFromNow(2) });
  expect(round.statusCode, round.body).toBe(201);
  // Vayu quotes, the round closes, the lane is awarded: a contract of the demo shipper.
  const laneId = ((await call('GET', `/api/rfqs/${rfq}`)).json().data as unknown as { laneList: { id: number }[] }).laneList[0]?.id;
  const quoted = await t.app.inject({
    method: 'POST',
    url: `/api/carrier/rfqs/${rfq}/quotes`,
    headers: t.as(p.vayu),
    payload: { quotes: [{ laneId, amountRupees: 41_000 }] },
  });
  expect(quoted.statusCode, quoted.body).toBe(200);
  await closeRound(t.database.db, rfq, 1);
  const rfqAward = await call('POST', `/api/rfqs/${rfq}/award`, {
    lanes: [{ laneId, splits: [{ carrierLinkId: p.vayuLink, sharePct: 100 }] }],
  });
  expect(rfqAward.statusCode, rfqAward.body).toBe(200);
  ids.contract = (rfqAward.json().data as unknown as { contracts: { contractId: number }[] }).contracts[0]?.contractId ?? 0;
  // An indent on the contracted lane, asked of Vayu.
  const indent = await call('POST', '/api/indents', { indents: [{ laneId, vehicles: 1, reportingAt: '2027-05-03T10:00:00+05:30' }] });
  expect(indent.statusCode, indent.body).toBe(201);
  ids.indent = (indent.json().data as unknown as { id: number }[])[0]?.id ?? 0;

  return rfq;
}

/** A PDF attached to the open request, the order, the RFQ and the contract. */
async function makeDocuments({ t, owner, ids }: Maker, rfq: number): Promise<void> {
  const open = ids.outboundRequest ?? 0;
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 65), Buffer.from('\n%%EOF\n')]);
  for (const [key, url] of [
    ['requestDocument', `/api/requests/outbound/${open}/attachments`],
    ['orderDocument', `/api/orders/outbound/${ids.order}/documents`],
    ['rfqDocument', `/api/rfqs/${rfq}/attachments`],
    ['contractDocument', `/api/contracts/${ids.contract}/documents`],
  ] as const) {
    const form = multipartFile(`${MARK}.pdf`, pdf, { fields: { kind: 'other' } });
    const res = await t.app.inject({ method: 'POST', url, headers: { ...form.headers, ...t.as(owner) }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json().data.id;
  }
}

/** Vayu's invoice of the delivered offline order, with its POD slip. */
async function makeInvoice({ t, p, ids }: Maker): Promise<void> {
  // Vayu bills the offline order once it is delivered: an invoice of the demo shipper's plant.
  await t.database.db.execute(sql`update orders set status = 'delivered', delivered_at = now() where id = ${ids.offlineOutbound ?? 0}`);
  const invoice = await t.app.inject({
    method: 'POST',
    url: '/api/carrier/invoices',
    headers: t.as(p.vayu),
    payload: {
      number: `${MARK}-1`,
      invoiceDate: indiaToday(),
      gstScheme: 'rcm',
      lines: [{ orderId: ids.offlineOutbound, kind: 'freight', amountRupees: 30000 }],
    },
  });
  expect(invoice.statusCode, invoice.body).toBe(201);
  ids.invoice = invoice.json().data.id;
  const slip = multipartFile(`${MARK}-pod.pdf`, Buffer.from('%PDF-1.7\n%%EOF\n'), { fields: { kind: 'pod' } });
  const attached = await t.app.inject({
    method: 'POST',
    url: `/api/carrier/invoices/${ids.invoice}/documents`,
    headers: { ...slip.headers, ...t.as(p.vayu) },
    payload: slip.payload,
  });
  expect(attached.statusCode, attached.body).toBe(201);
  ids.invoiceDocument = attached.json().data.id;
}

/** An export, the owner's notification, the company and owner ids, and a webhook. */
async function makeAccountRecords({ t, owner, call, ids }: Maker): Promise<void> {
  const exported = await call('POST', '/api/exports', { report: 'order-register', format: 'csv', params: {} });
  expect(exported.statusCode, exported.body).toBe(202);
  ids.export = exported.json().data.id;
  const [notification] = (await call('GET', '/api/notifications')).json().data as unknown as { id: number }[];
  ids.notification = notification?.id ?? 0;
  expect(ids.notification).toBeGreaterThan(0);
  ids.industry = Number(
    (
      (await t.database.db.execute(sql`select industry_id from users where email = 'owner@demo.test'`)) as unknown as {
        rows: { industry_id: number }[];
      }
    ).rows[0]?.industry_id,
  );
  ids.ownerUser = Number(
    ((await t.database.db.execute(sql`select id from users where email = 'owner@demo.test'`)) as unknown as { rows: { id: number }[] })
      .rows[0]?.id,
  );
  Object.assign(ids, await webhookFixture(t, owner, ids.industry, MARK));
}

/** A confirmed plan payment, one awaiting confirmation, and a platform device assigned to the company. */
async function makePayments({ t, call, made, ids }: Maker): Promise<void> {
  const [plan] = (await call('GET', '/api/plans')).json().data as unknown as { id: number }[];
  const admin = await t.login('admin@demo.test');
  // A paid plan payment (with the platform's tax invoice), then one awaiting confirmation.
  const paid = (await call('POST', '/api/plan/subscribe', { planId: plan?.id })).json().data as unknown as {
    id: number;
    amountRupees: number;
  };
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `/api/admin/payments/${paid.id}/confirm`,
    headers: t.as(admin),
    payload: { providerRef: 'ISOLATION0001', amountRupees: paid.amountRupees },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  ids.paidPayment = paid.id;
  await made('/api/plan/subscribe', { planId: plan?.id }, 'payment');
  const device = await t.app.inject({
    method: 'POST',
    url: '/api/admin/devices',
    headers: t.as(admin),
    payload: { serial: `${MARK}-GPS`, kind: 'gps' },
  });
  ids.device = device.json().data.id;
  await t.app.inject({
    method: 'POST',
    url: `/api/admin/devices/${ids.device}/assign`,
    headers: t.as(admin),
    payload: { industryId: ids.industry },
  });
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
