import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './demo.ts';
import { DEMO_CARRIER_2, seedDemoFreight } from './demo-freight.ts';
import { seedDemoInbound } from './demo-inbound.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();

describe('demo inbound', () => {
  it('gives the vendor, client and inbound screens something real to open, made through the services', async () => {
    await seedDemoFreight(t.database.db);
    await seedDemoInbound(t.database.db);
    const get = async (url: string, token: string) => (await t.app.inject({ method: 'GET', url, headers: t.as(token) })).json();
    const owner = await t.login('owner@demo.test');
    const sahyadri = await t.login(DEMO_CARRIER_2.email, DEMO_PASSWORD);

    const vendors = (await get('/api/vendors', owner)).data;
    expect(vendors).toMatchObject([{ company: 'Ganesh Auto Castings', addresses: [{ label: 'Bhosari works', city: 'Pune' }] }]);
    const contacts = (await get('/api/client-contacts?sort=name', owner)).data;
    expect(contacts.map((c: { name: string; company: string }) => `${c.name} (${c.company})`)).toEqual([
      'Arun Kale (Surya Retail)',
      'Meera Joshi (Surya Retail)',
    ]);

    const requests = (await get('/api/requests/inbound?sort=number', owner)).data as { id: number; status: string; pickupLabel: string }[];
    expect(requests.map((r) => [r.status, r.pickupLabel])).toEqual([
      ['awarded', 'Ganesh Auto Castings, Bhosari works'],
      ['open', 'Ganesh Auto Castings, Bhosari works'],
    ]);
    // The exports say where a load comes from (inbound) or goes to (outbound).
    const sheet = async (dir: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/requests/${dir}/export?format=csv`, headers: t.as(owner) })).body;
    expect(await sheet('inbound')).toMatch(/Picked up at[\s\S]*Ganesh Auto Castings, Bhosari works/);
    expect(await sheet('outbound')).toMatch(/Drop-offs[\s\S]*Bhiwandi DC, Thane/);
    const board = (await get(`/api/requests/inbound/${requests[1]?.id}/bids`, owner)).data;
    expect(board).toMatchObject([{ rank: 1, carrierName: 'Sahyadri Logistics', amountRupees: 8_750 }]);

    // Yesterday's load went to the lowest bid, Sahyadri's, and waits for its vehicle in its portal.
    const orders = (await get('/api/orders/inbound', owner)).data;
    expect(orders).toMatchObject([
      { status: 'placed', carrierName: 'Sahyadri Logistics', requestType: 2, pickupLabel: expect.stringContaining('Bhosari') },
    ]);
    const portal = (await get('/api/carrier/orders?status=placed', sahyadri)).data;
    expect(portal.map((o: { number: string }) => o.number)).toContain(orders[0].number);
  });
});
