import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from './harness.ts';
import { type Procurement, setupProcurement } from './procurement.ts';

/** What the execution tests start from: two carriers, the demo plants, a drop-off and a vendor address. */
export type Road = Procurement & { plants: { id: number; name: string }[]; vendorAddressId: number; dropStopId: number };

type Method = 'GET' | 'POST' | 'PUT';
export const caller =
  (t: TestContext) =>
  (method: Method, url: string, token: string, payload?: object, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url, headers: { ...t.as(token), ...headers }, payload });

export async function setupRoad(t: TestContext): Promise<Road> {
  const p = await setupProcurement(t);
  const call = caller(t);
  const plants = (await call('GET', '/api/plants/options', p.owner)).json().data as { id: number; name: string }[];
  const vendor = await call('POST', '/api/vendors', p.owner, {
    company: 'Deccan Resins',
    contactName: 'Anil',
    mobile: '9876501299',
    addresses: [
      { label: 'Works', address: 'MIDC', city: 'Pune', state: 'Maharashtra', pincode: '411026', latitude: 18.6, longitude: 73.8 },
    ],
  });
  expect(vendor.statusCode, vendor.body).toBe(201);
  const dropoffs = p.base.dropoffs as { stopId: number }[];
  return { ...p, plants, vendorAddressId: vendor.json().data.addresses[0].id, dropStopId: dropoffs[0]?.stopId ?? 0 };
}

export type Dir = 'outbound' | 'inbound';
let vehicles = 0;
/** A vehicle number not used by another test order (so "vehicle on another order" stays quiet). */
export const freshVehicle = () => `MH12ZZ${String(1000 + (vehicles++ % 9000))}`;

/** An offline order of Vayu at the plant, picked up an hour ago, with a vehicle unless `vehicle: null`. */
export async function offlineOrder(
  t: TestContext,
  r: Road,
  dir: Dir,
  opts: { plantId?: number; vehicle?: string | null; patch?: Record<string, unknown> } = {},
): Promise<{ id: number; number: string; vehicleNumber: string | null; updatedAt: string }> {
  const vehicleNumber = opts.vehicle === undefined ? freshVehicle() : opts.vehicle;
  const res = await caller(t)('POST', `/api/offline-orders/${dir}`, r.owner, {
    carrierLinkId: r.vayuLink,
    plantId: opts.plantId ?? r.plants[0]?.id,
    vehicleTypeId: r.base.vehicleTypeId,
    priceRupees: 30000,
    pickupAt: new Date(Date.now() - 3_600_000).toISOString(),
    ...(dir === 'outbound' ? { dropoffs: [{ stopId: r.dropStopId }] } : { pickupAddressId: r.vendorAddressId }),
    ...(vehicleNumber ? { vehicleNumber, driverName: 'Ramesh', driverMobile: '9822012345' } : {}),
    ...opts.patch,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** A multipart/form-data body, built by hand so every byte is known. */
export function form(parts: { name: string; value?: string; file?: { name: string; data: Buffer } }[]) {
  const boundary = `----freightdesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const filename = p.file ? `; filename="${p.file.name}"` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${filename}\r\n\r\n`));
    chunks.push(p.file ? p.file.data : Buffer.from(p.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(400)]);

/** The carrier delivers with a POD photo and these fields (strings, as a form sends them). */
export function deliver(
  t: TestContext,
  token: string,
  id: number,
  fields: Record<string, string>,
  file = { name: 'pod.jpg', data: jpeg() },
) {
  const body = form([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', file }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/carrier/orders/${id}/deliver`,
    headers: { ...body.headers, ...t.as(token) },
    payload: body.payload,
  });
}

const STEPS = {
  outbound: ['reported', 'gate_in', 'loaded', 'gate_out', 'arrived', 'delivered', 'closed'],
  inbound: ['reported', 'gate_in', 'unloaded', 'delivered', 'closed'],
} as const;

/**
 * Walks an order with its vehicle through the API up to `until` (each step by the side that makes
 * it: the carrier reports, arrives and delivers; the owner's gate and POD decision), checking each.
 */
export async function walk(t: TestContext, r: Road, dir: Dir, order: { id: number; vehicleNumber: string | null }, until: string) {
  const call = caller(t);
  const ok = (res: LightMyRequestResponse, step: string) => expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
  for (const step of STEPS[dir]) {
    if (step === 'reported') {
      ok(await call('POST', `/api/carrier/orders/${order.id}/report`, r.vayu, {}), step);
    } else if (step === 'gate_in') {
      ok(
        await call('POST', `/api/orders/${dir}/${order.id}/gate-in`, r.owner, { vehicleNumber: order.vehicleNumber, driverChecked: true }),
        step,
      );
    } else if (step === 'loaded' || step === 'unloaded') {
      ok(await call('POST', `/api/orders/${dir}/${order.id}/${step}`, r.owner, { grossKg: 24000, tareKg: 9000, sealNumber: 'S-1' }), step);
    } else if (step === 'gate_out' || (step === 'delivered' && dir === 'inbound')) {
      ok(await call('POST', `/api/orders/${dir}/${order.id}/gate-out`, r.owner, { documents: ['invoice', 'lr'] }), step);
    } else if (step === 'arrived') {
      ok(await call('POST', `/api/carrier/orders/${order.id}/arrive`, r.vayu, {}), step);
    } else if (step === 'delivered') {
      ok(await deliver(t, r.vayu, order.id, { receiverName: 'Store keeper', deliveredAt: new Date().toISOString() }), step);
    } else if (step === 'closed') {
      ok(await call('POST', `/api/orders/${dir}/${order.id}/pod/accept`, r.owner, {}), step);
    }
    if (step === until) {
      return;
    }
  }
}
