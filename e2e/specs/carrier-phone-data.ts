import type { APIRequestContext } from '@playwright/test';
import { indiaDay } from './indent-steps.ts';
import { type ApiUser, apiUser, awardedOrder, deliveredOrder, demoIds, hoursFromNow, offlineOrder } from './shipper-api.ts';

/**
 * What the carrier's phone journeys (e2e 46) look at, made through the API as the shipper and Vayu
 * make it: orders to assign (awarded, and an offline one for the offline assign), an order with its
 * truck, a live request, two indents on a contracted lane, and an invoice of a delivered order.
 */

/** This run's mark on what it makes (stop names, vehicle numbers, the invoice number). */
export const stamp = String(Date.now()).slice(-6);

type Ids = Awaited<ReturnType<typeof demoIds>>;
export type Made = { id: number; number: string };

/** What the shipper (and the carrier, through the API) set up for the four pages. */
export type CarrierPhoneData = {
  awarded: { request: Made; order: Made };
  /** Placed without a vehicle: assigned offline from its card. */
  toAssign: Made;
  withTruck: Made;
  live: Made;
  indents: { answered: string; waiting: string };
  invoice: string;
};

const stop = (owner: ApiUser, name: string) =>
  owner.post<{ id: number }>('/api/stops', {
    name,
    type: 'drop',
    address: 'MIDC Phase 2',
    city: 'Nashik',
    state: 'Maharashtra',
    pincode: '422010',
    latitude: 20.0,
    longitude: 73.8,
  });

/** A lane contracted whole to Vayu, two indents on it, the first accepted by Vayu (so it leaves To answer). */
async function indents(owner: ApiUser, vayu: ApiUser, ids: Ids, stopId: number) {
  const rfq = await owner.post<{ id: number; laneList: { id: number }[] }>('/api/rfqs', {
    title: `Phone lane ${stamp}`,
    plantId: ids.plantId,
    periodFrom: indiaDay(0),
    periodTo: indiaDay(365),
    lanes: [
      {
        origin: { kind: 'plant', id: ids.plantId },
        destination: { kind: 'stop', id: stopId },
        vehicleTypeId: ids.vehicleTypeId,
        tripsPerMonth: 10,
        weightTonnes: 18,
      },
    ],
    carrierLinkIds: [ids.vayuLink],
  });
  const laneId = rfq.laneList[0]?.id ?? 0;
  await owner.post(`/api/rfqs/${rfq.id}/rounds`, { endsAt: hoursFromNow(1) });
  await vayu.post(`/api/carrier/rfqs/${rfq.id}/quotes`, { quotes: [{ laneId, amountRupees: 31_000 }] }, 200);
  await owner.post(`/api/rfqs/${rfq.id}/rounds/close`, {}, 200);
  await owner.post(`/api/rfqs/${rfq.id}/award`, { lanes: [{ laneId, splits: [{ carrierLinkId: ids.vayuLink, sharePct: 100 }] }] }, 200);
  const placed = await owner.post<Made[]>('/api/indents', {
    indents: [1, 2].map(() => ({ laneId, vehicles: 1, reportingAt: hoursFromNow(30) })),
  });
  const [answered, waiting] = placed.map((i) => i.number);
  const turn = placed[0]?.id ?? 0;
  await vayu.post(`/api/carrier/indents/${turn}/answer`, { answer: 'accept', vehicles: 1 }, 200);
  return { answered: answered ?? '', waiting: waiting ?? '' };
}

/** A Vayu order through the shipper's gate, arrived and delivered with a POD (shipper-api.ts), then invoiced by Vayu. */
async function invoice(request: APIRequestContext, users: { owner: ApiUser; vayu: ApiUser }, ids: Ids, stopId: number) {
  const truck = { vehicleNumber: `MH15PH${stamp.slice(-4)}`, driverName: 'Nitin Gaikwad', driverMobile: '9822044556' };
  const order = await deliveredOrder(request, users, { ids, stopId }, truck);
  const number = `VR/PH/${stamp}`;
  await users.vayu.post('/api/carrier/invoices', {
    number,
    invoiceDate: indiaDay(0),
    gstScheme: 'rcm',
    lines: [{ orderId: order.id, kind: 'freight', amountRupees: 40_000 }],
  });
  return number;
}

/** A live request at the plant inviting Vayu, bidding for three more hours. */
const liveRequest = (owner: ApiUser, ids: Ids, stopId: number) =>
  owner.post<Made>('/api/requests/outbound', {
    requestType: 1,
    plantId: ids.plantId,
    dropoffs: [{ stopId }],
    weightTonnes: 18,
    vehicleTypeId: ids.vehicleTypeId,
    vehicleCount: 2,
    bidStartAt: hoursFromNow(-1),
    bidEndAt: hoursFromNow(3),
    pickupAt: hoursFromNow(30),
    targetPriceRupees: 45_000,
    carrierLinkIds: [ids.vayuLink],
  });

/** Makes the journeys' data (once, before the specs' tests). */
export async function carrierPhoneData(request: APIRequestContext): Promise<CarrierPhoneData> {
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const ids = await demoIds(owner);
  const drop = await stop(owner, `Nashik Phone DC ${stamp}`);
  const withTruck = await offlineOrder(owner, ids, drop.id, {
    vehicleNumber: 'MH15PH1001',
    driverName: 'Anil Shinde',
    driverMobile: '9822011223',
  });
  return {
    awarded: await awardedOrder(owner, vayu, ids, { stopId: drop.id, pickupAt: hoursFromNow(30), bidEndMs: 8_000 }),
    toAssign: await offlineOrder(owner, ids, drop.id),
    withTruck,
    live: await liveRequest(owner, ids, drop.id),
    indents: await indents(owner, vayu, ids, drop.id),
    invoice: await invoice(request, { owner, vayu }, ids, drop.id),
  };
}
