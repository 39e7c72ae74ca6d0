import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './demo.ts';
import { DEMO_CARRIER_2, seedDemoFreight } from './demo-freight.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();

describe('demo freight', () => {
  it('gives every procurement screen something real to open, made through the services', async () => {
    await seedDemoFreight(t.database.db);
    const get = async (url: string, token: string) => (await t.app.inject({ method: 'GET', url, headers: t.as(token) })).json();
    const owner = await t.login('owner@demo.test');
    const vayu = await t.login('carrier@demo.test');
    const sahyadri = await t.login(DEMO_CARRIER_2.email, DEMO_PASSWORD);

    const requests = (await get('/api/requests/outbound?pageSize=25&sort=number', owner)).data as { id: number; status: string }[];
    expect(requests.map((r) => r.status).sort()).toEqual(['awarded', 'awarded', 'closed', 'open']);
    const live = requests.find((r) => r.status === 'open');
    const board = (await get(`/api/requests/outbound/${live?.id}/bids`, owner)).data;
    expect(board.map((b: { carrierName: string; rank: number }) => [b.rank, b.carrierName])).toEqual([
      [1, 'Sahyadri Logistics'],
      [2, 'Vayu Roadlines'],
    ]);
    const mine = (await get('/api/carrier/requests', vayu)).data.find((r: { id: number }) => r.id === live?.id);
    expect(mine.myBid).toMatchObject({ amountRupees: 41_500, rank: 2 });
    const both = [
      ...(await get('/api/carrier/requests?tab=live&pageSize=100', sahyadri)).data,
      ...(await get('/api/carrier/requests?tab=finished&pageSize=100', sahyadri)).data,
    ];
    expect(both.map((r: { outcome: string }) => r.outcome).sort()).toEqual(['awarded', 'pending', 'pending', 'regret']);

    const orders = (await get('/api/orders/outbound', owner)).data as {
      status: string;
      carrierName: string;
      vehicleNumber: string | null;
    }[];
    expect(orders.map((o) => o.status).sort()).toEqual(['arrived', 'gate_out', 'loaded', 'placed', 'reported', 'vehicle_assigned']);
    // Today's dispatch is on the gate board of its plant: one reported, one inside, two left.
    const gate = (await get('/api/gate/outbound', owner)).data;
    expect(gate.counts).toMatchObject({ reported: 1, inside: 1, left: 2 });
    const moving = orders.find((o) => o.status === 'gate_out') as unknown as { id: number };
    const bills = (await get(`/api/orders/outbound/${moving.id}/eway-bills`, owner)).data;
    expect(bills).toMatchObject([{ status: 'active', state: 'valid' }]);
    expect((await get('/api/dashboard', owner)).data.freight).toMatchObject({
      liveRequests: 1,
      awaitingAward: 1,
      awaitingVehicle: 1,
      ordersPlaced: 6,
      inTransit: 1,
      // 2 × ₹39,500 + 2 × ₹39,800 + 2 × ₹39,600 against targets of ₹42,000 a vehicle.
      spendRupees: 237_800,
      savingRupees: 14_200,
    });
    // Invited three times, outbid on the live auction, awarded: Vayu has news when it logs in.
    expect((await get('/api/notifications/unread-count', vayu)).data.count).toBeGreaterThanOrEqual(5);
  });
});
