import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { type Procurement, setupProcurement } from '../../test/procurement.ts';
import { collect, follow, useSockets } from '../../test/sockets.ts';
import { osmand, type TrackedOrder, trackedOrder, traccarClient, wholeSecond } from '../../test/tracking.ts';
import { listenTracking } from './tracking.ts';

// Positions posted to the OsmAnd port, pushed live to the order map and the tracking board.
const t = useTestApp();
let p: Procurement;
let port: number;
let order: TrackedOrder;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

beforeAll(async () => {
  p = await setupProcurement(t);
  order = await trackedOrder(t, p, 'OSM-PHONE-1');
  port = (await listenTracking(t.app, 0, '127.0.0.1')).port;
});

describe('OsmAnd port: live', () => {
  const { socketTo } = useSockets();

  it('a committed position reaches the order map and the board within a second, no other shipper; a late one moves neither', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const map = await socketTo(base, p.owner);
    expect(await follow(map, order.id, 'follow:order')).toBe(true);
    const board = await socketTo(base, p.owner);
    expect(await follow(board, 1, 'follow:tracking')).toBe(true);
    const stranger = await socketTo(base, await t.login('noplan@demo.test'));
    expect(await follow(stranger, order.id, 'follow:order')).toBe(false);
    await follow(stranger, 1, 'follow:tracking');
    const onMap = collect(map, 'tracking:order');
    const onBoard = collect(board, 'tracking:board');
    const elsewhere = [...collect(stranger, 'tracking:order'), ...collect(stranger, 'tracking:board')];
    const at = wholeSecond(new Date());
    const started = Date.now();
    expect((await osmand(port, traccarClient(order.identifier, 19.7, 73.7, at))).status).toBe(200);
    // Other trips' positions may reach the board too: wait for this one's.
    const boardHas = () => onBoard.some((e) => JSON.stringify(e).includes(`"orderId":${order.id},`));
    while ((!onMap.length || !boardHas()) && Date.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(Date.now() - started).toBeLessThan(1000);
    expect(onMap[0]).toEqual({
      orderId: order.id,
      positions: [{ orderId: order.id, requestType: 1, latitude: 19.7, longitude: 73.7, fixTime: at.toISOString(), speedKmh: 0 }],
    });
    expect(boardHas()).toBe(true);
    // A late position is stored but is not where the truck is now.
    expect((await osmand(port, traccarClient(order.identifier, 19.1, 73.1, wholeSecond(minutesAgo(3))))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(onMap).toHaveLength(1);
    expect(elsewhere).toEqual([]);
  });
});
