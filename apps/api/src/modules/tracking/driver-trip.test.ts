import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, form, jpeg, offlineOrder, type Road, setupRoad, walk } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { multipartFile } from '../../test/import-files.ts';

/**
 * The driver's page of a trip link (issue 35, record 0300): `GET /api/trip/:token`, its positions,
 * report, arrive and deliver, and its papers. Public: the token is the credential.
 */
const t = useTestApp();
const call = caller(t);
let r: Road;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
let address = 0;
/** Each test its own client address, so the rate limit counts only its own calls. */
const from = () => `10.36.${Math.floor(++address / 200)}.${address % 200}`;

async function linked(until?: string) {
  const order = await offlineOrder(t, r, 'outbound');
  if (until) {
    await walk(t, r, 'outbound', order, until);
  }
  const res = await call('POST', `/api/carrier/orders/${order.id}/driver-link`, r.vayu, {});
  expect(res.statusCode, res.body).toBe(201);
  const token = res.json().data.token as string;
  const ip = from();
  const send = (method: 'GET' | 'POST', path: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/api/trip/${token}${path}`, payload, headers, remoteAddress: ip });
  return { order, token, send };
}

const timeline = async (id: number) =>
  (await call('GET', `/api/orders/outbound/${id}`, r.owner)).json().data.timeline as { to: string; reason: string | null }[];

beforeAll(async () => {
  r = await setupRoad(t);
});

describe('the trip as the driver sees it', () => {
  it('shows this order only, with exact keys, no price, never cached or referred', async () => {
    const { order, send } = await linked();
    const res = await send('GET', '');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const trip = res.json().data;
    expect(Object.keys(trip).sort()).toEqual(
      [
        'carrier',
        'documents',
        'driverName',
        'drops',
        'locationSharing',
        'nextMoves',
        'orderNumber',
        'pickup',
        'pickupAt',
        'shipper',
        'status',
        'statusLabel',
        'vehicleNumber',
      ].sort(),
    );
    expect(trip).toMatchObject({
      orderNumber: order.number,
      status: 'vehicle_assigned',
      vehicleNumber: order.vehicleNumber,
      driverName: 'Ramesh',
      carrier: { name: 'Vayu Roadlines' },
      nextMoves: ['report'],
      documents: [],
      locationSharing: { lastAt: null },
    });
    expect(trip.pickup.name).toBe(r.plants[0]?.name);
    expect(trip.drops).toHaveLength(1);
    expect(Object.keys(trip.drops[0]).sort()).toEqual(['address', 'city', 'contactName', 'contactPhone', 'latitude', 'longitude', 'name']);
    expect(res.body).not.toMatch(/price|paise|rupees|"id"/i);
  });

  it('is 404 with a plain message for an unknown token, 400 for a malformed one', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: `/api/trip/${'A'.repeat(32)}`, remoteAddress: from() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'LINK_NOT_FOUND' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/trip/short', remoteAddress: from() });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields ?? {})).toContain('token');
  });

  it('limits calls per client address (429 after 60 a minute)', async () => {
    const { send } = await linked();
    for (let i = 0; i < 60; i++) {
      expect((await send('GET', '')).statusCode).toBe(200);
    }
    const limited = await send('GET', '');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
  });
});

describe('positions from the driver’s page', () => {
  it('go through the ingest and its filters: stored on the order, a jump counted with its outcome', async () => {
    const { order, send } = await linked();
    // After the link was made: the phone's earlier fixes are its own, not the trip's (the ingest's trip start).
    const now = Date.now();
    const at = (s: number) => new Date(now + s * 1000).toISOString();
    const res = await send('POST', '/positions', {
      positions: [
        { latitude: 18.52, longitude: 73.85, accuracy: 12, speed: 10, heading: 90, at: at(1) },
        { latitude: 18.521, longitude: 73.851, accuracy: 10, at: at(2) },
        // 1,000 km in a second.
        { latitude: 27.1, longitude: 78.0, accuracy: 10, at: at(3) },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ accepted: 2, outcomes: ['accepted', 'accepted', 'jump'] });
    const stored = rows<{ source: string; order_id: number | null; filtered: string | null; speed_kmh: number | null }>(
      await t.database.db.execute(
        sql`select source, order_id, filtered, speed_kmh from positions where order_id = ${order.id} order by fix_time`,
      ),
    );
    expect(stored.map((p) => [p.source, p.filtered])).toEqual([
      ['trip_link', null],
      ['trip_link', null],
      ['trip_link', 'jump'],
    ]);
    expect(Number(stored[0]?.speed_kmh)).toBeCloseTo(36, 3);
    const trip = (await send('GET', '')).json().data;
    expect(Date.parse(trip.locationSharing.lastAt)).toBeGreaterThan(now - 60_000);
  });

  it('refuses a bad coordinate (400 naming the field) and stores nothing', async () => {
    const { order, send } = await linked();
    const res = await send('POST', '/positions', { positions: [{ latitude: 95, longitude: 73.85, at: new Date().toISOString() }] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).join()).toMatch(/latitude/);
    const none = await send('POST', '/positions', { positions: [] });
    expect(none.statusCode).toBe(400);
    expect(rows(await t.database.db.execute(sql`select 1 from positions where order_id = ${order.id}`))).toEqual([]);
  });
});

describe('the driver’s moves', () => {
  it('report moves the order once, on the timeline as the driver’s; a retry answers the same; a second report is 409', async () => {
    const { order, send } = await linked();
    const key = { 'idempotency-key': `trip-report-${order.id}` };
    const first = await send('POST', '/report', { remarks: 'At gate 2' }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'reported', nextMoves: [] });
    const retry = await send('POST', '/report', { remarks: 'At gate 2' }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const again = await send('POST', '/report', {}, { 'idempotency-key': `trip-report-${order.id}-again` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/Reported/);
    const reports = (await timeline(order.id)).filter((e) => e.to === 'reported');
    expect(reports).toHaveLength(1);
    expect(reports[0]?.reason).toBe('At gate 2 (Driver (trip link))');
  });

  it('arrive is 409 naming the status before gate out, and moves the order after it', async () => {
    const { order, send } = await linked('reported');
    const early = await send('POST', '/arrive', {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/Reported/);
    for (const [what, body] of [
      ['gate-in', { vehicleNumber: order.vehicleNumber, driverChecked: true }],
      ['loaded', { grossKg: 24_000, tareKg: 9_000 }],
      ['gate-out', {}],
    ] as const) {
      const res = await call('POST', `/api/orders/outbound/${order.id}/${what}`, r.owner, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
    }
    const status = rows<{ status: string }>(await t.database.db.execute(sql`select status from orders where id = ${order.id}`))[0]?.status;
    expect(status).toBe('gate_out');
    const arrived = await send('POST', '/arrive', {});
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json().data).toMatchObject({ status: 'arrived', nextMoves: ['deliver'] });
    expect((await timeline(order.id)).at(-1)?.reason).toMatch(/Driver \(trip link\)/);
  });

  it('deliver with a POD stores it once (a retry answers the same); the shipper sees it; the link then ends', async () => {
    const { order, send } = await linked('arrived');
    const photo = jpeg();
    const deliveredAt = new Date().toISOString();
    const post = () => {
      const body = form([
        { name: 'receiverName', value: 'Store keeper' },
        { name: 'deliveredAt', value: deliveredAt },
        { name: 'file', file: { name: 'pod.jpg', data: photo } },
      ]);
      return send('POST', '/deliver', body.payload as unknown as object, { ...body.headers, 'idempotency-key': `trip-pod-${order.id}` });
    };
    const first = await post();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'delivered', nextMoves: [] });
    const retry = await post();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const pods = await call('GET', `/api/orders/outbound/${order.id}/pod`, r.owner);
    expect(pods.statusCode, pods.body).toBe(200);
    expect(pods.json().data).toHaveLength(1);
    expect((await timeline(order.id)).at(-1)?.reason).toMatch(/received by Store keeper.*Driver \(trip link\)/);
    const link = (await call('GET', `/api/carrier/orders/${order.id}/driver-link`, r.vayu)).json().data;
    expect(link.active).toBe(false);
    expect(Date.parse(link.expiresAt)).toBeLessThanOrEqual(Date.now());
    const ended = await send('GET', '');
    expect(ended.statusCode).toBe(404);
    expect(ended.json().error.code).toBe('LINK_NOT_FOUND');
    expect(
      (await send('POST', '/positions', { positions: [{ latitude: 18.5, longitude: 73.8, at: new Date().toISOString() }] })).statusCode,
    ).toBe(404);
  });
});

describe('the driver’s papers', () => {
  it('lists the consignment note and the e-way bill copy under the token; a POD is not reachable', async () => {
    const { order, send } = await linked();
    expect((await call('POST', `/api/carrier/orders/${order.id}/consignment-note`, r.vayu, {})).statusCode).toBe(201);
    const upload = async (name: string, data: Buffer, kind: string) => {
      const body = multipartFile(name, data, { fields: { kind } });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/carrier/orders/${order.id}/documents`,
        headers: { ...t.as(r.vayu), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const bill = Buffer.concat([Buffer.from('%PDF-1.7\n'), jpeg(), Buffer.from('\n%%EOF\n')]);
    const billId = await upload('ewb.pdf', bill, 'eway_bill');
    const podId = await upload('pod.jpg', jpeg(), 'pod');
    const trip = (await send('GET', '')).json().data;
    expect(trip.documents.map((d: { kind: string }) => d.kind)).toEqual(['consignment_note', 'eway_bill']);
    const [note, ewb] = trip.documents as { url: string }[];
    const pdf = await t.app.inject({ method: 'GET', url: note?.url ?? '', remoteAddress: from() });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    const copy = await t.app.inject({ method: 'GET', url: ewb?.url ?? '', remoteAddress: from() });
    expect(copy.statusCode).toBe(200);
    expect(copy.rawPayload.equals(bill)).toBe(true);
    expect(ewb?.url.endsWith(`/documents/${billId}`)).toBe(true);
    expect((await send('GET', `/documents/${podId}`)).statusCode).toBe(404);
  });
});
