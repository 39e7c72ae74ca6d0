import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { type ApiUser, apiUser, demoIds, hoursFromNow, offlineOrder } from './shipper-api.ts';

/**
 * The demo data every page of the sweep (spec 47) opens: the e2e server starts with the demo
 * accounts only, so what a page with an `:id` shows is made here through the API, as its users
 * would make it (a request with a bid, an offline order, an RFQ awarded to a contract and an
 * indent on it, a delivered order invoiced by the carrier, one of each master). The ids are kept in
 * the run's data folder: a worker that restarts after a failed page reads them instead of making a
 * second set, and a new run (which empties the folder) makes them afresh.
 */

type Ref = { id: number; number: string };
export type SweepIds = Record<
  | 'plant'
  | 'carrierLink'
  | 'group'
  | 'stop'
  | 'client'
  | 'vendor'
  | 'businessUnit'
  | 'staff'
  | 'route'
  | 'role'
  | 'product'
  | 'package'
  | 'vehicleType'
  | 'requestSetting'
  | 'paymentSetting'
  | 'outRequest'
  | 'outBid'
  | 'outDraft'
  | 'inRequest'
  | 'inBid'
  | 'inDraft'
  | 'rfq'
  | 'contract'
  | 'indent'
  | 'invoice'
  | 'shipper'
  | 'plan'
  | 'notice'
  | 'device'
  | 'country'
  | 'state'
  | 'city',
  number
> & { outOrder: Ref; inOrder: Ref; liveToken: string; fastToken: string; resetToken: string; tripToken: string };

const tail = String(Date.now()).slice(-5);
const place = (label: string, city: string) => ({
  label,
  address: `Plot ${tail}, MIDC`,
  city,
  state: 'Maharashtra',
  pincode: '411026',
  latitude: 18.6,
  longitude: 73.8,
});

/** The first row's id of a list, failing with the list's address when it is empty. */
async function firstId(user: ApiUser, url: string): Promise<number> {
  const [row] = await user.get<{ id: number }[]>(url);
  expect(row, `${url} has a row`).toBeTruthy();
  return row?.id ?? 0;
}

/** One of each master a shipper keeps (the ones the demo accounts lack are made). */
async function masters(owner: ApiUser) {
  const ids = await demoIds(owner);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...place('Sweep DC', 'Pune'), name: `Sweep DC ${tail}`, type: 'drop' });
  const client = await owner.post<{ id: number }>('/api/clients', {
    company: `Sweep Retail ${tail}`,
    contactName: 'Sunil Mehta',
    mobile: '9876501234',
    addresses: [place('Store', 'Pune')],
  });
  const vendor = await owner.post<{ id: number; addresses: { id: number }[] }>('/api/vendors', {
    company: `Sweep Resins ${tail}`,
    contactName: 'Anil',
    mobile: '9876505678',
    addresses: [place('Works', 'Pune')],
  });
  const role = await owner.post<{ id: number }>('/api/roles', { name: `Sweep guard ${tail}`, permissions: ['list-outbound-order'] });
  const staff = await owner.post<{ id: number }>('/api/staff', {
    name: `Sweep Guard ${tail}`,
    email: `sweep-${tail}@demo.test`,
    mobile: `96${tail.padStart(8, '0')}`,
    roleId: role.id,
    plantIds: [ids.plantId],
  });
  const route = await owner.post<{ id: number }>('/api/route-masters', {
    name: `Sweep lane ${tail}`,
    originPlantId: ids.plantId,
    destinationStopIds: [stop.id],
    distanceKm: 120,
    transitHours: 4,
  });
  return { ids, stop, client, vendor, role, staff, route };
}

/** The settings rows: a product, a package, a carrier group and the two per-carrier settings. */
async function settingsRows(owner: ApiUser, ids: Awaited<ReturnType<typeof demoIds>>) {
  const product = await owner.post<{ id: number }>('/api/products', { name: `Sweep coils ${tail}`, unit: 'coil' });
  const pack = await owner.post<{ id: number }>('/api/packages', { name: `Sweep bag ${tail}`, unitWeightKg: 1000 });
  const group = await owner.post<{ id: number }>('/api/carrier-groups', { name: `Sweep group ${tail}`, carrierLinkIds: [ids.vayuLink] });
  // A plant's bid rule changes how later journeys' auctions run: the sweep's is at another plant.
  const plants = await owner.get<{ id: number; name: string }[]>('/api/plants/options');
  const other = plants.find((p) => p.id !== ids.plantId) ?? plants[0];
  const rule = await owner.post<{ id: number }>('/api/bid-visibility-settings', { plantId: other?.id, visibility: 'rank_only' });
  const terms = await owner.post<{ id: number }>('/api/payment-settings', {
    carrierLinkId: ids.vayuLink,
    advancePercent: 0,
    balanceOnPod: false,
    creditDays: 30,
    detentionFreeHours: 24,
    detentionRupeesPerDay: 2400,
  });
  return { product: product.id, package: pack.id, group: group.id, requestSetting: rule.id, paymentSetting: terms.id };
}

/** A live request of each direction with Vayu's bid on it, and a draft of each (which the edit page takes). */
async function requests(owner: ApiUser, vayu: ApiUser, ids: Awaited<ReturnType<typeof demoIds>>, stopId: number, vendorAddressId: number) {
  const base = {
    plantId: ids.plantId,
    weightTonnes: 16,
    vehicleTypeId: ids.vehicleTypeId,
    vehicleCount: 1,
    bidStartAt: hoursFromNow(-1),
    bidEndAt: hoursFromNow(20),
    pickupAt: hoursFromNow(30),
    targetPriceRupees: 45000,
    carrierLinkIds: [ids.vayuLink],
  };
  const out = { ...base, requestType: 1, dropoffs: [{ stopId }] };
  const inbound = { ...base, requestType: 2, dropoffs: [], pickupAddressId: vendorAddressId };
  const made: Record<string, number> = {};
  for (const [dir, body] of [
    ['outbound', out],
    ['inbound', inbound],
  ] as const) {
    const live = await owner.post<{ id: number }>(`/api/requests/${dir}`, body);
    await vayu.post(`/api/carrier/requests/${live.id}/bids`, { amountRupees: 43500, vehicles: 1 });
    const [bid] = await owner.get<{ id: number }[]>(`/api/requests/${dir}/${live.id}/bids`);
    const draft = await owner.post<{ id: number }>(`/api/requests/${dir}`, { ...body, publish: false });
    const key = dir === 'outbound' ? 'out' : 'in';
    Object.assign(made, { [`${key}Request`]: live.id, [`${key}Bid`]: bid?.id ?? 0, [`${key}Draft`]: draft.id });
  }
  return made as Pick<SweepIds, 'outRequest' | 'outBid' | 'outDraft' | 'inRequest' | 'inBid' | 'inDraft'>;
}

/** An RFQ of one lane quoted by Vayu, awarded whole to it (a contract), and an indent on the lane. */
async function contracted(owner: ApiUser, vayu: ApiUser, ids: Awaited<ReturnType<typeof demoIds>>, stopId: number) {
  const day = (d: number) => new Date(Date.now() + 5.5 * 3_600_000 + d * 86_400_000).toISOString().slice(0, 10);
  const rfq = await owner.post<{ id: number; laneList: { id: number }[] }>('/api/rfqs', {
    title: `Sweep lane RFQ ${tail}`,
    plantId: ids.plantId,
    periodFrom: day(0),
    periodTo: day(365),
    lanes: [
      {
        origin: { kind: 'plant', id: ids.plantId },
        destination: { kind: 'stop', id: stopId },
        vehicleTypeId: ids.vehicleTypeId,
        tripsPerMonth: 30,
        weightTonnes: 20,
      },
    ],
    carrierLinkIds: [ids.vayuLink],
  });
  const laneId = rfq.laneList[0]?.id ?? 0;
  await owner.post(`/api/rfqs/${rfq.id}/rounds`, { endsAt: hoursFromNow(1) });
  await vayu.post(`/api/carrier/rfqs/${rfq.id}/quotes`, { quotes: [{ laneId, amountRupees: 40_000 }] }, 200);
  await owner.post(`/api/rfqs/${rfq.id}/rounds/close`, {}, 200);
  await owner.post(`/api/rfqs/${rfq.id}/award`, { lanes: [{ laneId, splits: [{ carrierLinkId: ids.vayuLink, sharePct: 100 }] }] }, 200);
  const contract = await firstId(owner, `/api/contracts?search=${encodeURIComponent(`Sweep lane RFQ ${tail}`)}`).catch(() =>
    firstId(owner, '/api/contracts'),
  );
  const [indent] = await owner.post<{ id: number }[]>('/api/indents', {
    indents: [{ laneId, vehicles: 1, reportingAt: hoursFromNow(30) }],
  });
  return { rfq: rfq.id, contract, indent: indent?.id ?? 0 };
}

/** A Vayu order through the gate and delivered with a POD, then invoiced by Vayu. */
async function invoiced(owner: ApiUser, request: APIRequestContext, ids: Awaited<ReturnType<typeof demoIds>>, stopId: number) {
  const vehicle = `MH12SW${tail.slice(-4)}`;
  const order = await offlineOrder(owner, ids, stopId, { pickupAt: hoursFromNow(-6), vehicleNumber: vehicle, driverName: 'Kiran More' });
  await owner.post(`/api/orders/outbound/${order.id}/gate-in`, { vehicleNumber: vehicle, driverChecked: true, at: hoursFromNow(-5) }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/loaded`, { grossKg: 23_400, tareKg: 9_100, at: hoursFromNow(-4) }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/gate-out`, { documents: ['invoice', 'lr'], at: hoursFromNow(-3) }, 200);
  const login = await request.post('/api/auth/login', { data: { login: 'carrier@demo.test', password: 'Demo@12345' } });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  expect((await request.post(`/api/carrier/orders/${order.id}/arrive`, { headers, data: {} })).status()).toBe(200);
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 7)]);
  const delivered = await request.post(`/api/carrier/orders/${order.id}/deliver`, {
    headers,
    multipart: {
      receiverName: 'Store keeper',
      deliveredAt: new Date().toISOString(),
      file: { name: 'pod.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  const invoice = await request.post('/api/carrier/invoices', {
    headers,
    data: {
      number: `VR/SW/${tail}`,
      invoiceDate: new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10),
      gstScheme: 'rcm',
      lines: [{ orderId: order.id, kind: 'freight', amountRupees: 40_000 }],
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  return (await invoice.json()).data.id as number;
}

/**
 * The public links: an order's live and FASTag links, and a password reset link from the outbox,
 * for the sweep's own staff user (a demo user's outbox may hold a link an earlier journey used).
 */
async function publicTokens(owner: ApiUser, admin: ApiUser, request: APIRequestContext, orderId: number) {
  const token = async (kind: 'live' | 'fast') =>
    (await owner.post<{ token: string }>(`/api/tracking/outbound/orders/${orderId}/links`, { kind })).token;
  const email = `sweep-${tail}@demo.test`;
  expect((await request.post('/api/auth/forgot-password', { data: { email } })).ok()).toBe(true);
  // The mail is written to the outbox after the answer.
  let resetToken = '';
  await expect(async () => {
    const [mail] = await admin.get<{ text: string }[]>(`/api/admin/outbox?search=${encodeURIComponent(email)}`);
    resetToken = /#\/password\/reset\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(resetToken).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  return { liveToken: await token('live'), fastToken: await token('fast'), resetToken };
}

/** The platform admin's rows (each list has its seeded or made first row). */
async function adminRows(admin: ApiUser) {
  const notice = await admin.post<{ id: number }>('/api/admin/notices', {
    title: `Sweep notice ${tail}`,
    body: 'Checked by the sweep.',
    publish: false,
  });
  const device = await admin.post<{ id: number }>('/api/admin/devices', { serial: `sw-${tail}`, kind: 'lock', model: 'E-lock 4G' });
  return {
    shipper: await firstId(admin, '/api/admin/shippers'),
    plan: await firstId(admin, '/api/admin/plans'),
    notice: notice.id,
    device: device.id,
    country: await firstId(admin, '/api/admin/countries'),
    state: await firstId(admin, '/api/admin/states'),
    city: await firstId(admin, '/api/admin/cities'),
  };
}

async function makeSweepData(request: APIRequestContext): Promise<SweepIds> {
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const admin = await apiUser(request, 'admin@demo.test');
  const m = await masters(owner);
  const outOrder = await offlineOrder(owner, m.ids, m.stop.id, { vehicleNumber: `MH12SX${tail.slice(-4)}` });
  const inOrder = await owner.post<Ref>('/api/offline-orders/inbound', {
    carrierLinkId: m.ids.vayuLink,
    plantId: m.ids.plantId,
    vehicleTypeId: m.ids.vehicleTypeId,
    priceRupees: 18000,
    pickupAt: hoursFromNow(3),
    pickupAddressId: m.vendor.addresses[0]?.id,
  });
  return {
    plant: m.ids.plantId,
    carrierLink: m.ids.vayuLink,
    vehicleType: m.ids.vehicleTypeId,
    stop: m.stop.id,
    client: m.client.id,
    vendor: m.vendor.id,
    role: m.role.id,
    staff: m.staff.id,
    route: m.route.id,
    businessUnit: await firstId(owner, '/api/business-units'),
    ...(await settingsRows(owner, m.ids)),
    ...(await requests(owner, vayu, m.ids, m.stop.id, m.vendor.addresses[0]?.id ?? 0)),
    ...(await contracted(owner, vayu, m.ids, m.stop.id)),
    invoice: await invoiced(owner, request, m.ids, m.stop.id),
    outOrder,
    inOrder,
    ...(await publicTokens(owner, admin, request, outOrder.id)),
    // The driver's trip link of the order (its vehicle is assigned): made by the carrier.
    tripToken: (await vayu.post<{ token: string }>(`/api/carrier/orders/${outOrder.id}/driver-link`, {})).token,
    ...(await adminRows(admin)),
  };
}

/** The run's data folder (playwright.config.ts empties it when the server starts). */
const SAVED = path.join(process.env.E2E_DATA_DIR ?? '../.tmp/e2e-data', 'sweep-ids.json');

/** The sweep's ids: made once per run, then read back. */
export async function sweepData(request: APIRequestContext): Promise<SweepIds> {
  if (existsSync(SAVED)) {
    return JSON.parse(readFileSync(SAVED, 'utf8')) as SweepIds;
  }
  const made = await makeSweepData(request);
  writeFileSync(SAVED, JSON.stringify(made));
  return made;
}
