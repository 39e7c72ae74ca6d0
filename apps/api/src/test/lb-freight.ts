import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type pg from 'pg';
import { call } from './lb-cluster.ts';
import { osmand, traccarClient } from './tracking.ts';

/**
 * The freight the load-balancer test works on, made through the API as users make it: an open
 * request for the bid storm, an order tracked by a paired phone for the ingest run, and the
 * multipart bodies of a document upload (issue 36).
 */
const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

async function dropStop(base: string, owner: string): Promise<number> {
  const stop = await call<{ id: number }>(base, 'POST', '/api/stops', owner, {
    name: `Surat DC ${randomBytes(3).toString('hex')}`,
    type: 'drop',
    address: 'Sachin GIDC',
    city: 'Surat',
    state: 'Gujarat',
    pincode: '394230',
    latitude: 21.08,
    longitude: 72.88,
  });
  return stop.id;
}

/** An open request of the demo shipper inviting every linked carrier; bidding open for two hours. */
export async function openRequest(base: string, owner: string): Promise<number> {
  const [plant] = await call<{ id: number }[]>(base, 'GET', '/api/plants/options', owner);
  const [vehicle] = await call<{ id: number }[]>(base, 'GET', '/api/vehicle-types/options', owner);
  const links = await call<{ id: number }[]>(base, 'GET', '/api/carriers/options', owner);
  const request = await call<{ id: number }>(base, 'POST', '/api/requests/outbound', owner, {
    requestType: 1,
    plantId: plant?.id,
    dropoffs: [{ stopId: await dropStop(base, owner) }],
    weightTonnes: 10,
    vehicleTypeId: vehicle?.id,
    vehicleCount: 1,
    bidStartAt: hours(-0.1),
    bidEndAt: hours(2),
    pickupAt: hours(24),
    carrierLinkIds: links.map((l) => l.id),
  });
  return request.id;
}

/** An offline order of Vayu Roadlines tracked by a phone Vayu pairs: its id and the phone's identifier. */
export async function trackedOrder(base: string, owner: string, vayu: string, direct: pg.Client) {
  const [plant] = await call<{ id: number }[]>(base, 'GET', '/api/plants/options', owner);
  const [vehicle] = await call<{ id: number }[]>(base, 'GET', '/api/vehicle-types/options', owner);
  const links = await call<{ id: number; name: string }[]>(base, 'GET', '/api/carriers/options', owner);
  const order = await call<{ id: number }>(base, 'POST', '/api/offline-orders/outbound', owner, {
    carrierLinkId: links.find((l) => l.name === 'Vayu Roadlines')?.id,
    plantId: plant?.id,
    vehicleTypeId: vehicle?.id,
    priceRupees: 30000,
    pickupAt: hours(1),
    vehicleNumber: 'GJ05LB1234',
    driverName: 'Ramesh',
    driverMobile: '9822012345',
    dropoffs: [{ stopId: await dropStop(base, owner) }],
  });
  const res = await fetch(`${base}/api/carrier/tracking/devices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${vayu}` },
    body: JSON.stringify({ kind: 'phone', name: 'LB phone' }),
  });
  const paired = (await res.json()) as { data: { id: number }; pairing: { identifier: string } };
  await call(base, 'PUT', `/api/carrier/tracking/orders/${order.id}/method`, vayu, { method: 'device', deviceId: paired.data.id });
  // Tracked since two hours ago, so the positions sent (from the last hour) are this trip's.
  await direct.query(`update order_tracking set created_at = now() - interval '2 hours' where order_id = $1`, [order.id]);
  return { orderId: order.id, identifier: paired.pairing.identifier };
}

export type Fix = { at: Date; status: number };

/**
 * A phone sending its positions one after another through the tracking port (as Traccar Client
 * does), a new fix every call, 11 m apart and two seconds of fix time apart, from 50 minutes ago.
 */
export function driveIngest(port: number, identifier: string, fixes: Fix[]) {
  let running = true;
  const start = Date.now() - 50 * 60_000;
  const loop = async () => {
    for (let n = 0; running; n++) {
      const at = new Date(Math.floor((start + n * 2000) / 1000) * 1000);
      const path = traccarClient(identifier, 19.2 + n * 0.0001, 73.1, at);
      const status = await osmand(port, path).then(
        (r) => r.status,
        () => 0,
      );
      fixes.push({ at, status });
      await new Promise((r) => setTimeout(r, 30));
    }
  };
  const done = loop();
  return async () => {
    running = false;
    await done;
  };
}

/** A PDF file's bytes. */
export const pdf = (bytes = 6000) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes), Buffer.from('\n%%EOF\n')]);

/** A multipart body of one document (its kind, then the file), cut in its head, the file's chunks and its tail. */
function multipart(kind: string, name: string, file: Buffer, chunks: number) {
  const boundary = `----freightdesk${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const size = Math.ceil(file.length / chunks);
  const parts = Array.from({ length: chunks }, (_, i) => file.subarray(i * size, (i + 1) * size));
  return { boundary, parts: [head, ...parts, Buffer.from(`\r\n--${boundary}--\r\n`)] };
}

/**
 * Uploads a document to one node, its body sent in pieces `pauseMs` apart (a phone on a slow
 * network): `started` resolves once the first piece is out, `answer` with the status and body.
 */
export function slowUpload(
  base: string,
  url: string,
  token: string,
  file: Buffer,
  opts: { kind: string; pauseMs: number; chunks: number },
) {
  const body = multipart(opts.kind, 'pod.pdf', file, opts.chunks);
  const length = body.parts.reduce((n, p) => n + p.length, 0);
  let started: () => void = () => undefined;
  const firstOut = new Promise<void>((r) => {
    started = r;
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const target = new URL(url, base);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${body.boundary}`,
          'content-length': String(length),
        },
      },
      (res) => {
        const got: Buffer[] = [];
        res.on('data', (c: Buffer) => got.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(got).toString() }));
      },
    );
    req.on('error', reject);
    const send = async () => {
      for (const [i, part] of body.parts.entries()) {
        req.write(part);
        if (i === 0) {
          started();
        }
        await new Promise((r) => setTimeout(r, opts.pauseMs));
      }
      req.end();
    };
    void send();
  });
  return { started: firstOut, answer };
}
