import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBABLE_EVENT_TYPES } from '@freightdesk/shared/schemas/webhook-events';
import { indiaToday } from '../../lib/india-time.ts';
import { createOutbound } from '../../lib/outbound.ts';
import { caller, deliver, freshVehicle, type Road, setupRoad, walk } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { freightLine, invoiceBody } from '../../test/invoicing.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';

/**
 * Webhooks through a whole journey (issue 34): request → award → gate out → delivered → invoice →
 * payment, received by a local receiver that verifies every message with `standardwebhooks`.
 */
let hooks: WebhookReceiver;
beforeAll(async () => {
  hooks = await startWebhookReceiver();
});
afterAll(async () => {
  await hooks?.close();
});
// The explicit opt-in: this file's receiver, and only its origin, may be called on loopback.
const t = useTestApp({ outbound: () => createOutbound({ allowLoopbackOrigins: [hooks.origin] }) });
const call = caller(t);
let r: Road;
let shipperSecret = '';
const secrets = new Map<string, string>();
const hooksSecretOf = (path: string) => secrets.get(path) ?? '';

/** Registers an endpoint for every event at `path` of the receiver, and trusts its secret there. */
async function endpoint(token: string, path: string) {
  const res = await call('POST', '/api/webhooks/endpoints', token, { url: hooks.url(path), eventTypes: SUBSCRIBABLE_EVENT_TYPES });
  expect(res.statusCode, res.body).toBe(201);
  hooks.trust(path, res.json().data.secret);
  return res.json().data as { id: number; secret: string };
}

/** Runs due jobs until none is left (a delivery's success lets the next of its order go). */
const drain = async () => {
  while ((await t.app.deps.jobs.tick()) > 0) {
    // keep going
  }
};
const due = (key: string) => t.database.db.execute(sql`update jobs set run_at = now() - interval '1 second' where key = ${key}`);

/** A published request, its auction closed by its job, Vayu's bid awarded and its vehicle assigned. */
async function awardedOrder() {
  const request = (await call('POST', '/api/requests/outbound', r.owner, { ...r.base, vehicleCount: 1 })).json().data;
  expect((await call('POST', `/api/carrier/requests/${request.id}/bids`, r.vayu, { amountRupees: 40000, vehicles: 1 })).statusCode).toBe(
    201,
  );
  await t.database.db.execute(sql`update transport_requests set bid_end_at = now() - interval '1 second' where id = ${request.id}`);
  await due(`request-close:${request.id}`);
  await t.app.deps.jobs.tick();
  const [bid] = (await call('GET', `/api/requests/outbound/${request.id}/bids`, r.owner)).json().data;
  const awarded = await call('POST', `/api/requests/outbound/${request.id}/award`, r.owner, { awards: [{ bidId: bid.id, vehicles: 1 }] });
  expect(awarded.statusCode, awarded.body).toBe(201);
  const [order] = awarded.json().data as { id: number; number: string }[];
  const vehicleNumber = freshVehicle();
  const assigned = await call('POST', `/api/carrier/orders/${order?.id}/assign`, r.vayu, {
    vehicleNumber,
    driverName: 'Ramesh',
    driverMobile: '9822012345',
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return { request: request as { id: number }, order: { id: order?.id ?? 0, number: order?.number ?? '', vehicleNumber } };
}

/** The order leaves with an e-way bill, which is about to expire on the road; it arrives, is delivered and its POD accepted. */
async function runTheRoad(order: { id: number; vehicleNumber: string }) {
  const bill = await call('POST', `/api/orders/outbound/${order.id}/eway-bills`, r.owner, { number: '331000777711' });
  expect(bill.statusCode, bill.body).toBe(201);
  await walk(t, r, 'outbound', order, 'gate_out');
  await due(`eway-bill.expiring:${bill.json().data.id}`);
  await t.app.deps.jobs.tick();
  expect((await call('POST', `/api/carrier/orders/${order.id}/arrive`, r.vayu, {})).statusCode).toBe(200);
  expect((await deliver(t, r.vayu, order.id, { receiverName: 'Store keeper', deliveredAt: new Date().toISOString() })).statusCode).toBe(
    200,
  );
  expect((await call('POST', `/api/orders/outbound/${order.id}/pod/accept`, r.owner, {})).statusCode).toBe(200);
}

/** Vayu invoices the order; the owner cuts ₹1,000 (a credit note), approves and pays it. */
async function invoiceAndPay(orderId: number) {
  const made = await call('POST', '/api/carrier/invoices', r.vayu, invoiceBody([freightLine(orderId, 40000)]));
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().data.id as number;
  const detail = (await call('GET', `/api/invoices/${id}`, r.owner)).json().data as { lines: { id: number }[] };
  const decisions = detail.lines.map((l) => ({ lineId: l.id, decision: 'adjust', amountRupees: 39000, reason: 'Contract rate' }));
  const reviewed = await call('POST', `/api/invoices/${id}/review`, r.owner, { decisions });
  expect(reviewed.statusCode, reviewed.body).toBe(200);
  const paid = await call('POST', `/api/invoices/${id}/payments`, r.owner, {
    amountRupees: 39000,
    paidOn: indiaToday(),
    reference: 'UTR/HOOK/0001',
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return id;
}

const JOURNEY = [
  'request.published',
  'auction.closed',
  'order.awarded',
  'order.vehicle_assigned',
  'order.gate_in',
  'order.gate_out',
  'eway_bill.expiring',
  'order.arrived',
  'order.delivered',
  'order.pod_approved',
  'invoice.submitted',
  'invoice.credit_note',
  'invoice.approved',
  'payment.recorded',
];
const ABOUT_THE_ORDER = JOURNEY.filter((type) => type.startsWith('order.') || type.startsWith('eway_bill.'));

beforeAll(async () => {
  r = await setupRoad(t);
  const setting = await call('POST', '/api/payment-settings', r.owner, {
    advancePercent: 0,
    balanceOnPod: false,
    creditDays: 15,
    detentionFreeHours: 4,
    detentionRupeesPerDay: 2400,
  });
  expect(setting.statusCode, setting.body).toBe(201);
});

describe('webhooks through a journey', () => {
  it('delivers every event once, verified by standardwebhooks, in order per order, and to each carrier only its own', async () => {
    shipperSecret = (await endpoint(r.owner, '/shipper')).secret;
    secrets.set('/vayu', (await endpoint(r.vayu, '/vayu')).secret);
    await endpoint(r.ganesh, '/ganesh');
    const { request, order } = await awardedOrder();
    await runTheRoad(order);
    const invoiceId = await invoiceAndPay(order.id);
    await drain();

    expect(hooks.refused).toEqual([]);
    for (const path of ['/shipper', '/vayu']) {
      const got = hooks.of(path);
      // Every event once; those about the order in the order they happened (the rest need not wait).
      expect(got.map((g) => g.type).sort(), path).toEqual([...JOURNEY].sort());
      expect(
        got.filter((g) => g.orderId === order.id).map((g) => g.type),
        path,
      ).toEqual(ABOUT_THE_ORDER);
      expect(new Set(got.map((g) => g.id)).size, path).toBe(JOURNEY.length);
      expect(got.every((g) => g.payload.version === 1 && !Number.isNaN(Date.parse(g.payload.timestamp)))).toBe(true);
    }
    const byType = Object.fromEntries(hooks.of('/shipper').map((g) => [g.type, g.payload.data]));
    expect(byType['request.published']).toMatchObject({ requestId: request.id, direction: 1 });
    expect(byType['order.gate_out']).toMatchObject({ orderId: order.id, ewayBillNumbers: ['331000777711'] });
    expect((byType['order.gate_out'] as { consignmentNoteNumbers: string[] }).consignmentNoteNumbers).toHaveLength(1);
    expect(byType['order.vehicle_assigned']).toMatchObject({ orderNumber: order.number, vehicleNumber: order.vehicleNumber });
    expect(byType['invoice.credit_note']).toMatchObject({ invoiceId, creditAmount: 1000 });
    expect(byType['payment.recorded']).toMatchObject({ invoiceId, paidAmount: 39000, reference: 'UTR/HOOK/0001' });
    // Ganesh was invited to bid, and hears nothing of the order, invoice or payment that are Vayu's.
    expect(
      hooks
        .of('/ganesh')
        .map((g) => g.type)
        .sort(),
    ).toEqual(['auction.closed', 'request.published']);
  });

  it('a tampered body, another secret or a stale timestamp fails verification with standardwebhooks', () => {
    const sample = hooks.of('/shipper').find((g) => g.type === 'payment.recorded');
    expect(sample).toBeDefined();
    const { body, headers } = sample ?? { body: '', headers: {} };
    const receiver = new Webhook(shipperSecret);
    expect(receiver.verify(body, headers)).toMatchObject({ type: 'payment.recorded' });
    expect(() => receiver.verify(body.replace('39000', '93000'), headers)).toThrow(/signature/i);
    expect(() => new Webhook(hooksSecretOf('/vayu')).verify(body, headers)).toThrow(/signature/i);
    const stale = { ...headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 3600) };
    expect(() => receiver.verify(body, stale)).toThrow(/timestamp/i);
  });
});
