import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, offlineOrder, type Road, setupRoad } from '../../../test/execution.ts';
import { useTestApp } from '../../../test/harness.ts';
import { startTelenityServer } from '../../../test/telenity-server.ts';

/**
 * The real phone-SIM adapter end to end: SIM_TRAIL_URL and SIM_CONSENT_URL at a Telenity-shaped
 * server on loopback http, let in by OUTBOUND_ALLOW; one provider poll asks the driver's consent,
 * reads the operator's answer and the phone's cell fix, and the order's views show them.
 */
const TRAIL = 'fd-trail:trail-pass';
const CONSENT = 'fd-client:consent-secret';
let telenity: Awaited<ReturnType<typeof startTelenityServer>>;

beforeAll(async () => {
  telenity = await startTelenityServer(TRAIL, CONSENT);
});
afterAll(() => telenity.close());

const t = useTestApp({
  env: () => ({
    SIM_TRAIL_URL: `${telenity.origin}/trail-rest`,
    SIM_TRAIL_CREDENTIALS: TRAIL,
    SIM_CONSENT_URL: telenity.origin,
    SIM_CONSENT_CREDENTIALS: CONSENT,
    OUTBOUND_ALLOW: telenity.origin,
  }),
});
const call = caller(t);
let r: Road;

beforeAll(async () => {
  r = await setupRoad(t);
});

describe('the real SIM adapter, configured from the environment, against a Telenity-shaped server', () => {
  it('asks consent, reads the operator’s answer and the cell fix, and the order shows the ping', async () => {
    expect(t.app.tracking.providers.sim.name).toBe('telenity');
    const order = await offlineOrder(t, r, 'outbound');
    const set = await call('PUT', `/api/tracking/outbound/orders/${order.id}/method`, r.owner, {
      method: 'sim',
      simNumber: '9822055501',
      simOperator: 'airtel',
    });
    expect(set.statusCode, set.body).toBe(200);
    await t.database.db.execute(
      sql`update order_tracking set started_at = now() - interval '2 hours', created_at = now() - interval '2 hours' where order_id = ${order.id}`,
    );
    const fixAt = new Date(Math.floor((Date.now() - 5 * 60_000) / 1000) * 1000);
    telenity.setConsent('919822055501', { status: 'ALLOWED', consentExpiresOn: '2027-11-20T00:00:00Z' });
    telenity.setFix('919822055501', {
      latitude: 20.3717,
      longitude: 72.9056,
      timestamp: fixAt.toISOString(),
      accuracy: 1200,
      detailedAddress: 'NH48, Vapi, Gujarat',
    });

    expect((await t.app.tracking.pollProviders(new Date())).failed).toBe(0);
    await t.app.tracking.ingest.writer.drain();

    const sim = (await call('GET', `/api/tracking/outbound/orders/${order.id}/sim`, r.owner)).json().data;
    expect(sim).toMatchObject({ simNumber: '9822055501', consentState: 'approved', consentExpiresAt: '2027-11-20T00:00:00.000Z' });
    const places = (await call('GET', `/api/tracking/outbound/orders/${order.id}/places?source=sim`, r.owner)).json();
    expect(places.total).toBe(1);
    expect(places.data[0]).toMatchObject({ address: 'NH48, Vapi, Gujarat' });
    const track = (await call('GET', `/api/tracking/outbound/orders/${order.id}`, r.owner)).json().data;
    expect(track.lastPosition).toMatchObject({ source: 'sim', latitude: 20.3717, longitude: 72.9056 });

    const imported = telenity.calls.find((c) => c.path === '/trail-rest/entities/import');
    expect(JSON.parse(imported?.body ?? '{}')).toEqual({
      entityImportList: [{ firstName: 'Ramesh', lastName: '-', msisdn: '919822055501' }],
    });
    expect(telenity.calls.find((c) => c.path === '/trail-rest/login')?.headers.authorization).toBe(
      `Basic ${Buffer.from(TRAIL).toString('base64')}`,
    );
    expect(telenity.calls.map((c) => c.path)).toContain('/apigw/NOFBconsent/v1/NOFBconsent?address=tel:+919822055501');
  });
});
