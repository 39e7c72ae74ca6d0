import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '@freightdesk/shared/status/order';
import { useTestApp } from '../../test/harness.ts';
import { setupProcurement } from '../../test/procurement.ts';
import { createStaff } from '../../test/staff.ts';
import { moveOrder } from '../orders/orders.service.ts';
import { indiaToday } from '../../lib/india-time.ts';

const t = useTestApp();

describe('dashboard', () => {
  it('counts the shipper’s own records, filtered by plant and date', async () => {
    const owner = await t.login('owner@demo.test');
    const get = async (qs = '') => (await t.app.inject({ method: 'GET', url: `/api/dashboard${qs}`, headers: t.as(owner) })).json();
    const all = await get();
    expect(all.data.cards).toMatchObject({ activePlants: 2, activeCarriers: 1, blockedCarriers: 0, staff: 1 });
    const [plant] = (await t.app.inject({ method: 'GET', url: '/api/plants/options', headers: t.as(owner) })).json().data;
    expect((await get(`?plantId=${plant.id}`)).data.cards.activePlants).toBe(1);
    expect((await get('?startDate=2001-01-01&endDate=2001-01-31')).data.cards.activePlants).toBe(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/dashboard?startDate=22-11-2026', headers: t.as(owner) });
    expect(bad.json().error.fields).toHaveProperty('startDate');
    const other = await t.login('noplan@demo.test');
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: t.as(other) })).json().data.cards.activePlants).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: t.as(await t.login('carrier@demo.test')) })).statusCode,
    ).toBe(403);
  });

  it('breaks a card down for its detail page', async () => {
    const owner = await t.login('owner@demo.test');
    const plants = await t.app.inject({ method: 'GET', url: '/api/dashboard/plants', headers: t.as(owner) });
    expect(plants.json().data).toEqual([
      { label: 'Gujarat', count: 1 },
      { label: 'Maharashtra', count: 1 },
    ]);
    const carriers = await t.app.inject({ method: 'GET', url: '/api/dashboard/carriers', headers: t.as(owner) });
    expect(carriers.json().data).toEqual([{ label: 'active', count: 1 }]);
    const staff = await t.app.inject({ method: 'GET', url: '/api/dashboard/staff', headers: t.as(owner) });
    expect(staff.json().data).toEqual([{ label: 'Dispatcher', count: 1 }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/secrets', headers: t.as(owner) })).statusCode).toBe(400);
    const other = await t.login('noplan@demo.test');
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/plants', headers: t.as(other) })).json().data).toEqual([]);
  });

  it('counts a staff user’s plants only, on the card and in its breakdown alike (issue 32)', async () => {
    const owner = await t.login('owner@demo.test');
    const plants = (await t.app.inject({ method: 'GET', url: '/api/plants/options', headers: t.as(owner) })).json().data as {
      id: number;
    }[];
    const one = plants[0]?.id ?? 0;
    const staff = (await createStaff(t, owner, { permissions: ['list-plant'], plantIds: [one] })).token;
    const card = (await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: t.as(staff) })).json().data.cards.activePlants;
    const breakdown = (await t.app.inject({ method: 'GET', url: '/api/dashboard/plants', headers: t.as(staff) })).json().data as {
      count: number;
    }[];
    expect(card).toBe(1);
    expect(breakdown.reduce((sum, row) => sum + row.count, 0)).toBe(1);
  });
});

describe('dashboard freight figures', () => {
  it('counts live and closed requests, orders by state, spend and saving, per plant and tenant', async () => {
    const { owner, vayu, ganesh, base } = await setupProcurement(t);
    const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
      t.app.inject({ method, url, headers: t.as(token), payload });
    const freight = async (qs = '', token = owner) => (await call('GET', `/api/dashboard${qs}`, token)).json().data.freight;
    const before = await freight();

    await call('POST', '/api/requests/outbound', owner, base);
    const perTonne = (
      await call('POST', '/api/requests/outbound', owner, { ...base, priceBasis: 'tonne', targetPriceRupees: 2600, weightTonnes: 20 })
    ).json().data;
    await call('POST', `/api/carrier/requests/${perTonne.id}/bids`, vayu, { amountRupees: 2500, vehicles: 2 });
    await call('POST', `/api/carrier/requests/${perTonne.id}/bids`, ganesh, { amountRupees: 2550, vehicles: 1 });
    await t.database.db.execute(sql`update transport_requests set status = 'closed' where id = ${perTonne.id}`);
    const closed = await freight();
    expect(closed.liveRequests - before.liveRequests).toBe(1);
    expect(closed.awaitingAward - before.awaitingAward).toBe(1);

    const board = (await call('GET', `/api/requests/outbound/${perTonne.id}/bids`, owner)).json().data;
    const vayuBid = board.find((b: { carrierName: string }) => b.carrierName === 'Vayu Roadlines').id;
    const [first, second] = (
      await call('POST', `/api/requests/outbound/${perTonne.id}/award`, owner, { awards: [{ bidId: vayuBid, vehicles: 2 }] })
    ).json().data;
    const awarded = await freight();
    expect(awarded.awaitingAward).toBe(before.awaitingAward);
    expect(awarded.awaitingVehicle - before.awaitingVehicle).toBe(2);
    expect(awarded.ordersPlaced - before.ordersPlaced).toBe(2);
    // ₹2,500 a tonne for 10 t a vehicle (20 t over 2 vehicles), ₹100 a tonne under the target.
    expect(awarded.spendRupees - before.spendRupees).toBe(50_000);
    expect(awarded.savingRupees - before.savingRupees).toBe(2_000);

    await call('POST', `/api/carrier/orders/${second.id}/reject`, vayu, { reason: 'no truck' });
    await call('POST', `/api/carrier/orders/${first.id}/assign`, vayu, {
      vehicleNumber: 'GJ05AB1234',
      driverName: 'Mahesh',
      driverMobile: '9876501234',
    });
    const by = Number(
      ((await t.database.db.execute(sql`select id from users where email = 'owner@demo.test'`)) as unknown as { rows: { id: number }[] })
        .rows[0]?.id,
    );
    const path: [OrderStatus, OrderStatus][] = [
      ['vehicle_assigned', 'reported'],
      ['reported', 'gate_in'],
      ['gate_in', 'loaded'],
      ['loaded', 'gate_out'],
    ];
    await t.database.db.transaction(async (tx) => {
      for (const [from, to] of path) {
        await moveOrder(tx, first.id, from, to, by);
      }
    });
    const moving = await freight();
    expect(moving.inTransit - before.inTransit).toBe(1);
    expect(moving.awaitingVehicle).toBe(before.awaitingVehicle);
    expect(moving.ordersPlaced - before.ordersPlaced).toBe(1);
    expect(moving.spendRupees - before.spendRupees).toBe(25_000);
    await t.database.db.transaction(async (tx) => {
      await moveOrder(tx, first.id, 'gate_out', 'arrived', by);
      await moveOrder(tx, first.id, 'arrived', 'delivered', by);
    });
    const today = indiaToday();
    const done = await freight(`?startDate=${today}&endDate=${today}`);
    expect(done.delivered).toBeGreaterThanOrEqual(1);
    expect((await freight()).inTransit).toBe(before.inTransit);
    expect(await freight('?startDate=2001-01-01&endDate=2001-01-31')).toMatchObject({ liveRequests: 0, ordersPlaced: 0, spendRupees: 0 });

    const plants = (await call('GET', '/api/plants/options', owner)).json().data as { id: number }[];
    const other = plants.find((p) => p.id !== base.plantId);
    expect(await freight(`?plantId=${other?.id}`)).toMatchObject({ awaitingVehicle: 0, ordersPlaced: 0, spendRupees: 0 });
    expect((await freight('', await t.login('noplan@demo.test'))).ordersPlaced).toBe(0);
  });
});
