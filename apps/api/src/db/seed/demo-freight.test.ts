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
    expect(requests.map((r) => r.status).sort()).toEqual(['awarded', 'closed', 'open']);
    const live = requests.find((r) => r.status === 'open');
    const board = (await get(`/api/requests/outbound/${live?.id}/bids`, owner)).data;
    expect(board.map((b: { carrierName: string; rank: number }) => [b.rank, b.carrierName])).toEqual([
      [1, 'Sahyadri Logistics'],
      [2, 'Vayu Roadlines'],
    ]);
    const mine = (await get('/api/carrier/requests', vayu)).data.find((r: { id: number }) => r.id === live?.id);
    expect(mine.myBid).toMatchObject({ amountRupees: 41_500, rank: 2 });
    expect((await get('/api/carrier/requests', sahyadri)).data.map((r: { outcome: string }) => r.outcome).sort()).toEqual([
      'pending',
      'pending',
      'regret',
    ]);

    const orders = (await get('/api/orders/outbound', owner)).data as {
      status: string;
      carrierName: string;
      vehicleNumber: string | null;
    }[];
    expect(orders.map((o) => [o.carrierName, o.status]).sort()).toEqual([
      ['Vayu Roadlines', 'placed'],
      ['Vayu Roadlines', 'vehicle_assigned'],
    ]);
    expect((await get('/api/dashboard', owner)).data.freight).toMatchObject({
      liveRequests: 1,
      awaitingAward: 1,
      awaitingVehicle: 1,
      ordersPlaced: 2,
      spendRupees: 79_000,
      savingRupees: 5_000,
    });
    // Invited three times, outbid on the live auction, awarded: Vayu has news when it logs in.
    expect((await get('/api/notifications/unread-count', vayu)).data.count).toBeGreaterThanOrEqual(5);
  });
});
