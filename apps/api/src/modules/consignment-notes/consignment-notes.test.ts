import { beforeAll, describe, expect, it } from 'vitest';
import { indiaToday } from '../../lib/india-time.ts';
import { caller, offlineOrder, type Road, setupRoad, walk } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';

/**
 * Consignment notes (LR, issue 33): made at the outbound gate out in the carrier's series, or by the
 * carrier before (an inbound pickup); one per order, never changed; the shipper, the carrier, the
 * public page and the GTA invoice show it.
 */
const t = useTestApp();
const call = caller(t);
let r: Road;
const LR = /^LR\/\d\d-\d\d\/(\d{4})$/;
const serial = (number: string) => Number(LR.exec(number)?.[1] ?? Number.NaN);
const shipperNote = (id: number, dir = 'outbound') => call('GET', `/api/orders/${dir}/${id}/consignment-note`, r.owner);
const carrierNote = (id: number, token = r.vayu) => call('GET', `/api/carrier/orders/${id}/consignment-note`, token);
const makeNote = (id: number, body: object, token = r.vayu) => call('POST', `/api/carrier/orders/${id}/consignment-note`, token, body);

/** An outbound order loaded at the plant (24,000 kg gross, 9,000 kg tare, seal S-1), ready to gate out. */
async function loadedOrder() {
  const order = await offlineOrder(t, r, 'outbound');
  await walk(t, r, 'outbound', order, 'loaded');
  return order;
}

beforeAll(async () => {
  r = await setupRoad(t);
});

describe('the outbound gate out makes the consignment note', () => {
  it('numbers it in the carrier’s series with the parties, goods, weighbridge weight and packages; both sides read it', async () => {
    const order = await loadedOrder();
    const refused = await call('POST', `/api/orders/outbound/${order.id}/gate-out`, r.owner, { documents: ['invoice'], packages: 2.5 });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().error.fields)).toEqual(['packages']);
    expect((await shipperNote(order.id)).statusCode).toBe(404);

    const out = await call('POST', `/api/orders/outbound/${order.id}/gate-out`, r.owner, { documents: ['invoice'], packages: 120 });
    expect(out.statusCode, out.body).toBe(200);
    const res = await shipperNote(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const note = res.json().data;
    expect(note.number).toMatch(LR);
    expect(note).toMatchObject({ source: 'gate_out', orderNumber: order.number, noteDate: indiaToday() });
    expect(note.details).toMatchObject({
      packages: 120,
      weightKg: 15_000,
      weightSource: 'weighbridge',
      vehicleNumber: order.vehicleNumber,
      driverName: 'Ramesh',
      sealNumber: 'S-1',
      carrier: { name: 'Vayu Roadlines' },
      consignor: { name: `Demo Industries, ${r.plants[0]?.name}` },
    });
    expect(note.details.consignees).toHaveLength(1);
    expect(note.details.consignees[0].name).toBeTruthy();
    expect(note.details.consignor.gstin).toMatch(/^\d\d[A-Z]{5}\d{4}[A-Z]/);
    // The carrier's portal and the order page show the same note.
    expect((await carrierNote(order.id)).json().data).toEqual(note);
    expect((await call('GET', `/api/orders/outbound/${order.id}`, r.owner)).json().data.consignmentNote).toEqual(note);
  });

  it('gives the next order the next number of the series, gap-free', async () => {
    const [a, b] = [await loadedOrder(), await loadedOrder()];
    for (const o of [a, b]) {
      expect((await call('POST', `/api/orders/outbound/${o.id}/gate-out`, r.owner, { documents: [] })).statusCode).toBe(200);
    }
    const [na, nb] = [(await shipperNote(a.id)).json().data, (await shipperNote(b.id)).json().data];
    expect(serial(nb.number)).toBe(serial(na.number) + 1);
    expect(na.details.packages).toBeNull();
  });

  it('prints as a PDF named after its number; another carrier finds neither the note nor the order', async () => {
    const order = await loadedOrder();
    await call('POST', `/api/orders/outbound/${order.id}/gate-out`, r.owner, { documents: [] });
    const note = (await shipperNote(order.id)).json().data;
    for (const url of [`/api/orders/outbound/${order.id}/consignment-note/pdf`, `/api/carrier/orders/${order.id}/consignment-note/pdf`]) {
      const pdf = await call('GET', url, url.includes('carrier') ? r.vayu : r.owner);
      expect(pdf.statusCode, url).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain(`${note.number.replaceAll('/', '-')}.pdf`);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // The same note prints the same bytes (dated when it was made).
    const again = await call('GET', `/api/orders/outbound/${order.id}/consignment-note/pdf`, r.owner);
    const first = await call('GET', `/api/orders/outbound/${order.id}/consignment-note/pdf`, r.owner);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    for (const url of ['', '/pdf']) {
      expect((await call('GET', `/api/carrier/orders/${order.id}/consignment-note${url}`, r.ganesh)).statusCode).toBe(404);
    }
    expect((await makeNote(order.id, {}, r.ganesh)).statusCode).toBe(404);
  });
});

describe('the carrier makes the note before the gate', () => {
  it('inbound: the vendor sends to the plant; once only; kept through the gate', async () => {
    const order = await offlineOrder(t, r, 'inbound', { patch: { weightTonnes: 12.5 } });
    for (const [packages, field] of [
      [0, 'packages'],
      [12.5, 'packages'],
      ['forty', 'packages'],
    ] as const) {
      const bad = await makeNote(order.id, { packages });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(Object.keys(bad.json().error.fields)).toEqual([field]);
    }
    const made = await makeNote(order.id, { packages: 40 });
    expect(made.statusCode, made.body).toBe(201);
    const note = made.json().data;
    expect(note).toMatchObject({
      source: 'carrier',
      details: { packages: 40, weightKg: 12_500, weightSource: 'order', consignor: { name: 'Deccan Resins', city: 'Pune' } },
    });
    expect(note.details.consignees.map((c: { name: string }) => c.name)).toEqual([`Demo Industries, ${r.plants[0]?.name}`]);
    const twice = await makeNote(order.id, { packages: 41 });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().error.message).toContain(note.number);

    await walk(t, r, 'inbound', order, 'delivered');
    expect((await shipperNote(order.id, 'inbound')).json().data).toEqual(note);
  });

  it('needs a vehicle on the order', async () => {
    const order = await offlineOrder(t, r, 'outbound', { vehicle: null });
    const res = await makeNote(order.id, {});
    expect(res.statusCode, res.body).toBe(409);
    expect((await carrierNote(order.id)).statusCode).toBe(404);
  });
});

describe('where the note is shown', () => {
  it('the public page shows its goods, packages and weight, with no tax ids', async () => {
    const order = await loadedOrder();
    await call('POST', `/api/orders/outbound/${order.id}/gate-out`, r.owner, { documents: [], packages: 7 });
    const link = await call('POST', `/api/tracking/outbound/orders/${order.id}/links`, r.owner, { kind: 'live' });
    expect(link.statusCode, link.body).toBe(201);
    const page = await t.app.inject({ method: 'GET', url: `/api/public/tracking/${link.json().data.token}` });
    expect(page.statusCode, page.body).toBe(200);
    const number = (await shipperNote(order.id)).json().data.number;
    expect(page.json().data.consignmentNote).toEqual({
      number,
      noteDate: indiaToday(),
      consignor: `Demo Industries, ${r.plants[0]?.name}`,
      consignees: [expect.any(String)],
      goods: null,
      packages: 7,
      weightKg: 15_000,
    });
    expect(page.body).not.toMatch(/gstin|"pan"/i);
  });

  it('the GTA invoice names each order’s note as issued', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    await walk(t, r, 'outbound', order, 'delivered');
    const number = (await shipperNote(order.id)).json().data.number;
    const invoice = await call('POST', '/api/carrier/invoices', r.vayu, {
      number: `LRT-${Math.floor(Math.random() * 1e6)}`,
      invoiceDate: indiaToday(),
      gstScheme: 'rcm',
      lines: [{ orderId: order.id, kind: 'freight', amountRupees: 30000 }],
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const detail = (await call('GET', `/api/carrier/invoices/${invoice.json().data.id}`, r.vayu)).json().data;
    expect(detail.lines[0]).toMatchObject({ orderId: order.id, lrNumber: number });
  });
});
