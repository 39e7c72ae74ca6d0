import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { useTestApp } from '../test/harness.ts';
import { setupProcurement } from '../test/procurement.ts';

const t = useTestApp();
let p: Awaited<ReturnType<typeof setupProcurement>>;
let url = '';
const sockets: Socket[] = [];

function socketTo(base: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(s);
    s.on('connect', () => resolve(s));
    s.on('connect_error', (err) => reject(err));
  });
}
const follow = (s: Socket, id: number) => new Promise<boolean>((resolve) => s.emit('follow', id, resolve));
const next = (s: Socket, event: string) =>
  new Promise<{ requestId: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5000);
    s.once(event, (payload: { requestId: number }) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
const newRequest = async () =>
  (await t.app.inject({ method: 'POST', url: '/api/requests/outbound', headers: t.as(p.owner), payload: p.base })).json().data as {
    id: number;
  };

beforeAll(async () => {
  p = await setupProcurement(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => {
  for (const s of sockets) {
    s.close();
  }
});

describe('live events', () => {
  it('pushes a new bid to the shipper following the request, without reloading', async () => {
    const request = await newRequest();
    const shipper = await socketTo(url, p.owner);
    expect(await follow(shipper, request.id)).toBe(true);
    const pushed = next(shipper, 'request:bids');
    await t.app.inject({
      method: 'POST',
      url: `/api/carrier/requests/${request.id}/bids`,
      headers: t.as(p.vayu),
      payload: { amountRupees: 45000, vehicles: 1 },
    });
    expect((await pushed).requestId).toBe(request.id);
  });

  it('refuses sockets without a session, and rooms of requests the user may not see', async () => {
    await expect(socketTo(url, 'not-a-token')).rejects.toThrow(/unauthenticated/);
    const request = await newRequest();
    const other = await socketTo(url, await t.login('noplan@demo.test'));
    expect(await follow(other, request.id)).toBe(false);
    const invited = await socketTo(url, p.ganesh);
    expect(await follow(invited, request.id)).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('live events across API processes (Redis)', () => {
  it('a bid placed through one API process reaches a socket on another', async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', REDIS_URL: process.env.TEST_REDIS_URL });
    const a = await buildApp({ database: t.database, config, logger: false });
    const b = await buildApp({ database: t.database, config, logger: false });
    try {
      await b.listen({ port: 0, host: '127.0.0.1' });
      const request = await newRequest();
      const onB = await socketTo(`http://127.0.0.1:${(b.server.address() as AddressInfo).port}`, p.owner);
      expect(await follow(onB, request.id)).toBe(true);
      const pushed = next(onB, 'request:bids');
      const placed = await a.inject({
        method: 'POST',
        url: `/api/carrier/requests/${request.id}/bids`,
        headers: t.as(p.vayu),
        payload: { amountRupees: 44000, vehicles: 1 },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      expect((await pushed).requestId).toBe(request.id);
    } finally {
      // Open client sockets would hold the server's close.
      for (const s of sockets.splice(0)) {
        s.close();
      }
      await a.close();
      await b.close();
    }
  });
});
