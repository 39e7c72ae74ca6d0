import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, offlineOrder, type Road, setupRoad } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { startUlipServer, vahanDay } from '../../test/ulip-server.ts';

/**
 * The real VAHAN and SARATHI adapters end to end: the app is built from environment variables the
 * production way (ULIP_URL at a ULIP-shaped server on loopback http, let in by OUTBOUND_ALLOW) and
 * driven through its API. What the server answers is what the order's verification and the gate
 * decide on.
 */
const account = { username: 'fd-ulip', password: 'ulip-secret-2' };
let ulip: Awaited<ReturnType<typeof startUlipServer>>;
beforeAll(async () => {
  ulip = await startUlipServer(account);
});
afterAll(async () => {
  await ulip.close();
});

const t = useTestApp({
  env: () => ({
    ULIP_URL: ulip.baseUrl,
    ULIP_USERNAME: account.username,
    ULIP_PASSWORD: account.password,
    OUTBOUND_ALLOW: ulip.origin,
  }),
});
const call = caller(t);
let r: Road;
beforeAll(async () => {
  r = await setupRoad(t);
});

const DAY = 86_400_000;
const day = (days: number) => vahanDay(new Date(Date.now() + days * DAY));
const isoDay = (days: number) => new Date(Date.now() + 5.5 * 3_600_000 + days * DAY).toISOString().slice(0, 10);
const VEHICLE = 'MH12TF4401';
const LICENCE = 'MH1420110062821';
const DOB = '1988-04-12';

describe('VAHAN and SARATHI through the real ULIP adapter, against a ULIP-shaped server', () => {
  it('is the adapter the configuration chose', () => {
    expect(t.app.deps.registers.name).toBe('ulip');
  });

  it('assigning logs in, asks VAHAN/01 and SARATHI/01; an expired fitness and licence are red and gate in is refused', async () => {
    ulip.setRegistration(VEHICLE, {
      rc_regn_no: VEHICLE,
      rc_owner_name: 'SHREE GANESH ROADLINES',
      rc_vch_catg: 'HGV',
      rc_status: 'ACTIVE',
      rc_blacklist_status: 'NA',
      rc_regn_upto: day(900),
      rc_fit_upto: day(-20),
      rc_insurance_upto: day(200),
      rc_permit_valid_upto: day(300),
      rc_np_upto: day(120),
      rc_pucc_upto: day(90),
      rc_tax_upto: 'LTT',
    });
    ulip.setLicence(LICENCE, DOB, {
      dlobj: { dlLicno: LICENCE, dlStatus: 'Active', dlNtValdtoDt: isoDay(4000), dlTrValdtoDt: isoDay(-40) },
      bioObj: { bioFullName: 'RAMESH PAWAR', bioDob: DOB },
      dlcovs: [{ covabbrv: 'TRANS', covdesc: 'TRANSPORT VEHICLE', vecatg: 'TR' }],
    });
    const order = await offlineOrder(t, r, 'outbound', { vehicle: null });
    const assigned = await call('POST', `/api/carrier/orders/${order.id}/assign`, r.vayu, {
      vehicleNumber: 'mh 12 tf 4401',
      driverName: 'Ramesh Pawar',
      driverMobile: '9822012345',
      driverLicenceNumber: 'MH14 20110062821',
      driverDob: DOB,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const logins = ulip.calls.filter((c) => c.path === '/ulip/v1.0.0/user/login');
    expect(logins.map((c) => c.body)).toEqual([account]);
    const vahan = ulip.calls.filter((c) => c.path === '/ulip/v1.0.0/VAHAN/01');
    expect(vahan.map((c) => c.body)).toEqual([{ vehiclenumber: VEHICLE }]);
    expect(vahan[0]?.headers).toMatchObject({ authorization: 'Bearer ulip-token-1', 'content-type': 'application/json' });
    const sarathi = ulip.calls.filter((c) => c.path === '/ulip/v1.0.0/SARATHI/01');
    expect(sarathi.map((c) => c.body)).toEqual([{ dlnumber: LICENCE, dob: DOB }]);

    const seen = await call('GET', `/api/orders/outbound/${order.id}/verification`, r.owner);
    expect(seen.statusCode, seen.body).toBe(200);
    const v = seen.json().data;
    expect(v.level).toBe('red');
    expect(v.vehicle).toMatchObject({ number: VEHICLE, source: 'ulip', status: 'ACTIVE', holderName: 'SHREE GANESH ROADLINES' });
    const docs = Object.fromEntries(v.vehicle.documents.map((d: { doc: string }) => [d.doc, d]));
    expect(docs.fitness).toMatchObject({ validTo: isoDay(-20), state: 'expired', effect: 'block' });
    // The permit holds while both the state permit and the national permit do: the earlier date.
    expect(docs.permit).toMatchObject({ validTo: isoDay(120), state: 'valid' });
    expect(docs.tax).toMatchObject({ validTo: null, state: 'valid' });
    expect(v.driver).toMatchObject({ number: LICENCE, holderName: 'RAMESH PAWAR', classes: 'TRANS' });
    expect(v.driver.documents).toEqual([expect.objectContaining({ doc: 'licence', validTo: isoDay(-40), state: 'expired' })]);

    const before = ulip.calls.length;
    const gate = await call('POST', `/api/orders/outbound/${order.id}/gate-in`, r.owner, { vehicleNumber: VEHICLE, driverChecked: true });
    expect(gate.statusCode, gate.body).toBe(409);
    expect(gate.json().error.code).toBe('NOT_CLEARED');
    expect(gate.json().error.message).toMatch(/Fitness certificate expired on .*; Driving licence expired on /);
    // Asked again before the gate in, on the token it holds.
    expect(ulip.calls.slice(before).map((c) => c.path)).toEqual(['/ulip/v1.0.0/VAHAN/01', '/ulip/v1.0.0/SARATHI/01']);
    const detail = await call('GET', `/api/orders/outbound/${order.id}`, r.owner);
    expect(detail.json().data.status).toBe('vehicle_assigned');
  });

  it('a vehicle VAHAN does not know is kept as not in the register, which blocks by default', async () => {
    const order = await offlineOrder(t, r, 'outbound', { vehicle: 'MH12TF4499' });
    const seen = (await call('GET', `/api/orders/outbound/${order.id}/verification`, r.owner)).json().data;
    expect(seen.vehicle).toMatchObject({ number: 'MH12TF4499', status: 'NOT_FOUND', documents: [] });
    expect(seen.level).toBe('red');
    expect(seen.reasons[0]).toBe('Vehicle MH12TF4499 is not in the register (blocks gate in)');
  });
});
