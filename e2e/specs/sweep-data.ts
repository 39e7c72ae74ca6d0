import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { apiUser, hoursFromNow, offlineOrder } from './shipper-api.ts';
import { adminRows, firstId, masters, settingsRows, tail } from './sweep-masters.ts';
import { contracted, invoiced, publicTokens, requests } from './sweep-trade.ts';

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
    invoice: await invoiced(request, { owner, vayu }, m.ids, m.stop.id),
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
