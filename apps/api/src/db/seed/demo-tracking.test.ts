import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { seedDemoFreight } from './demo-freight.ts';
import { seedDemoTracking } from './demo-tracking.ts';
import { moveDemoDevices } from '../../modules/tracking/providers/demo-devices.ts';
import { createSimSimulator } from '../../modules/tracking/providers/sim.ts';
import { createUlipSimulator } from '../../modules/tracking/providers/ulip.ts';

const t = useTestApp();

describe('demo tracking', () => {
  it('puts a trip on the road per tracking kind, and the simulators move each of them', async () => {
    await seedDemoFreight(t.database.db);
    await seedDemoTracking(t.database.db);
    const owner = await t.login('owner@demo.test');
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: t.as(owner) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const byMethod = new Map<string, { orderId: number }>();
    for (const tab of ['in-transit', 'delayed', 'halted', 'no-signal']) {
      const board = await get(`/api/tracking/outbound/board?tab=${tab}&pageSize=25`);
      for (const r of board.data as { method: string; orderId: number }[]) {
        byMethod.set(r.method, r);
      }
    }
    expect([...byMethod.keys()].sort()).toEqual(expect.arrayContaining(['device', 'fastag', 'rail', 'sim']));

    const now = new Date();
    t.app.tracking.providers.ulip = createUlipSimulator(() => now);
    t.app.tracking.providers.sim = createSimSimulator(() => now);
    await t.app.tracking.pollProviders(now);
    const moved = await moveDemoDevices(
      { db: t.database.db, providers: t.app.tracking.providers, write: (r) => t.app.tracking.ingest.writer.write(r), log: t.app.log },
      now,
    );
    expect(moved).toBe(1);
    await t.app.tracking.ingest.writer.drain();

    const tolls = (await get(`/api/tracking/outbound/orders/${byMethod.get('fastag')?.orderId}/tolls`)).data;
    expect(tolls.crossings[0]).toMatchObject({ plaza: 'Urse Toll Plaza' });
    const rail = (await get(`/api/tracking/outbound/orders/${byMethod.get('rail')?.orderId}/rail`)).data;
    expect(rail).toMatchObject({ fnr: '26112412345', from: 'PUNE JN (PUNE)', to: 'TUGHLAKABAD (TKD)' });
    expect(rail.reports.length).toBe(1);
    const sim = (await get(`/api/tracking/outbound/orders/${byMethod.get('sim')?.orderId}/sim`)).data;
    expect(sim.consentState).toBe('approved');
    for (const method of ['device', 'sim', 'fastag', 'rail']) {
      const track = (await get(`/api/tracking/outbound/orders/${byMethod.get(method)?.orderId}`)).data;
      expect(track.lastPosition, method).not.toBeNull();
    }
    const device = (await get(`/api/tracking/outbound/orders/${byMethod.get('device')?.orderId}`)).data;
    expect(device.lastPosition).toMatchObject({ source: 'simulator' });
    expect(device.lastPosition.speedKmh).toBeGreaterThan(30);
  });
});
