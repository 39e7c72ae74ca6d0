import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, type Road, offlineOrder, setupRoad } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { collect, follow, until, useSockets } from '../../test/sockets.ts';
import { createStaff } from '../../test/staff.ts';

/** Live gate boards: the `plant:{id}` room, followed with `follow:plant` when the policy lets the user read that plant's orders. */
const t = useTestApp();
const call = caller(t);
let r: Road;
let url = '';
const { socketTo: socketAt } = useSockets();
const socketTo = (token: string) => socketAt(url, token);
const followPlant = (s: Socket, id: number) => follow(s, id, 'follow:plant');
type PlantEvent = { type: string; plantId: number; orderId: number; requestType: number; status: string };

beforeAll(async () => {
  r = await setupRoad(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

describe('live gate boards', () => {
  it('a carrier reporting and the gate moving an order reach the boards of its plant, and only users who may see that plant follow it', async () => {
    const [here, there] = [r.plants[0]?.id ?? 0, r.plants[1]?.id ?? 0];
    const shipper = await socketTo(r.owner);
    expect(await followPlant(shipper, here)).toBe(true);
    const guardThere = await createStaff(t, r.owner, { permissions: ['list-outbound-order'], plantIds: [there] });
    const other = await socketTo(guardThere.token);
    expect(await followPlant(other, here)).toBe(false);
    expect(await followPlant(other, there)).toBe(true);
    expect(await followPlant(await socketTo(await t.login('noplan@demo.test')), here)).toBe(false);
    expect(await followPlant(await socketTo(r.vayu), here)).toBe(false);
    const noOrders = await createStaff(t, r.owner, { permissions: ['list-outbound-request'] });
    expect(await followPlant(await socketTo(noOrders.token), here)).toBe(false);

    const seen = collect<PlantEvent>(shipper, 'plant:orders');
    const elsewhere = collect<PlantEvent>(other, 'plant:orders');
    const order = await offlineOrder(t, r, 'outbound', { plantId: here });
    await call('POST', `/api/carrier/orders/${order.id}/report`, r.vayu, {});
    await call('POST', `/api/orders/outbound/${order.id}/gate-in`, r.owner, { vehicleNumber: order.vehicleNumber, driverChecked: true });
    await until(() => seen.length >= 2);
    expect(seen).toEqual([
      { type: 'plant:orders', plantId: here, orderId: order.id, requestType: 1, status: 'reported' },
      { type: 'plant:orders', plantId: here, orderId: order.id, requestType: 1, status: 'gate_in' },
    ]);
    // A refused move tells nobody: nothing was committed.
    await call('POST', `/api/orders/outbound/${order.id}/gate-in`, r.owner, { vehicleNumber: order.vehicleNumber, driverChecked: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toHaveLength(2);
    expect(elsewhere).toEqual([]);
  });
});
