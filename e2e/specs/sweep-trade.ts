import { type APIRequestContext, expect } from '@playwright/test';
import { type ApiUser, deliveredOrder, type demoIds, hoursFromNow } from './shipper-api.ts';
import { firstId, tail } from './sweep-masters.ts';

/**
 * The sweep's (spec 47) trade, made as its users make it: a live request of each direction with
 * Vayu's bid and a draft, an RFQ awarded to a contract with an indent on it, a delivered order
 * invoiced by Vayu, and the public links (an order's live and FASTag links, a password reset).
 */

type Ids = Awaited<ReturnType<typeof demoIds>>;

/** A live request of each direction with Vayu's bid on it, and a draft of each (which the edit page takes). */
export async function requests(owner: ApiUser, vayu: ApiUser, ids: Ids, stopId: number, vendorAddressId: number) {
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
  return made as Record<'outRequest' | 'outBid' | 'outDraft' | 'inRequest' | 'inBid' | 'inDraft', number>;
}

/** An RFQ of one lane quoted by Vayu, awarded whole to it (a contract), and an indent on the lane. */
export async function contracted(owner: ApiUser, vayu: ApiUser, ids: Ids, stopId: number) {
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

/** A Vayu order through the gate and delivered with a POD (shipper-api.ts), then invoiced by Vayu. */
export async function invoiced(request: APIRequestContext, users: { owner: ApiUser; vayu: ApiUser }, ids: Ids, stopId: number) {
  const truck = { vehicleNumber: `MH12SW${tail.slice(-4)}`, driverName: 'Kiran More' };
  const order = await deliveredOrder(request, users, { ids, stopId }, truck);
  const invoice = await users.vayu.post<{ id: number }>('/api/carrier/invoices', {
    number: `VR/SW/${tail}`,
    invoiceDate: new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10),
    gstScheme: 'rcm',
    lines: [{ orderId: order.id, kind: 'freight', amountRupees: 40_000 }],
  });
  return invoice.id;
}

/**
 * The public links: an order's live and FASTag links, and a password reset link from the outbox,
 * for the sweep's own staff user (a demo user's outbox may hold a link an earlier journey used).
 */
export async function publicTokens(owner: ApiUser, admin: ApiUser, request: APIRequestContext, orderId: number) {
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
