import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ewayValidUntil } from '@freightdesk/shared/eway-bill';
import { caller, offlineOrder, type Road, setupRoad } from '../../test/execution.ts';
import { type GspAccount, nicDate, startGspServer } from '../../test/gsp-server.ts';
import { useTestApp } from '../../test/harness.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * The real GSP adapter end to end: the app is built from environment variables the production way
 * (EWB_GSP_URL at a GSP-shaped server on loopback http, let in by OUTBOUND_ALLOW) and driven through
 * the e-way bill routes: a bill fetched as NIC has it (its validUpto, its vehicle type), then
 * extended from where the vehicle is.
 */
const account: GspAccount = {
  clientId: 'fd-client',
  clientSecret: 'fd-secret',
  username: 'fd_ewb_user',
  password: 'ewb-pass-1',
  email: 'ewb@demo.test',
  ipAddress: '203.0.113.7',
};
let gsp: Awaited<ReturnType<typeof startGspServer>>;

beforeAll(async () => {
  gsp = await startGspServer(account);
});
afterAll(() => gsp.close());

const t = useTestApp({
  env: () => ({
    EWB_GSP_URL: gsp.origin,
    EWB_CLIENT_ID: account.clientId,
    EWB_CLIENT_SECRET: account.clientSecret,
    EWB_USERNAME: account.username,
    EWB_PASSWORD: account.password,
    EWB_EMAIL: account.email,
    EWB_IP_ADDRESS: account.ipAddress,
    OUTBOUND_ALLOW: gsp.origin,
  }),
});
const call = caller(t);
let r: Road;

beforeAll(async () => {
  r = await setupRoad(t);
});

describe('the real GSP adapter, configured from the environment, against a GSP-shaped server', () => {
  it('records a bill as NIC has it, and extends it from where the vehicle is', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const bills = `/api/orders/outbound/${order.id}/eway-bills`;
    const [plant] = rowsOf<{ gstin: string }>(
      await t.database.db.execute(sql`select p.gstin from orders o join plants p on p.id = o.plant_id where o.id = ${order.id}`),
    );
    const gstin = plant?.gstin ?? '';
    // Generated two hours ago for 300 km of over-dimensional cargo: NIC gives 15 days, to 23:59:00.
    const generatedAt = new Date(Math.floor((Date.now() - 2 * 3_600_000) / 60_000) * 60_000);
    const nicValidity = new Date(ewayValidUntil(generatedAt, 300, true).getTime() - 59_999);
    const number = '331009876543';
    gsp.setBill({
      ewbNo: Number(number),
      ewayBillDate: nicDate(generatedAt),
      genMode: 'API',
      userGstin: gstin,
      supplyType: 'O',
      fromGstin: gstin,
      toGstin: 'URP',
      totInvValue: 245000.5,
      status: 'ACT',
      actualDist: 300,
      noValidDays: 15,
      validUpto: nicDate(nicValidity),
      extendedTimes: 0,
      vehicleType: 'O',
      VehiclListDetails: [{ vehicleNo: order.vehicleNumber }],
    });

    const looked = await call('POST', `${bills}/lookup`, r.owner, { number });
    expect(looked.statusCode, looked.body).toBe(200);
    expect(looked.json().data).toMatchObject({ number, overDimensional: true, validUntil: nicValidity.toISOString() });

    // Nobody ticked "over-dimensional": NIC's vehicle type says so, and NIC's validity is kept to the minute.
    const made = await call('POST', bills, r.owner, { number });
    expect(made.statusCode, made.body).toBe(201);
    const bill = made.json().data;
    expect(bill).toMatchObject({ number, source: 'provider', overDimensional: true, distanceKm: 300, valueRupees: 245000.5 });
    expect(bill.validUntil).toBe(nicValidity.toISOString());
    expect(bill.validUntil).toMatch(/:29:00\.000Z$/);

    const auth = gsp.calls.filter((c) => c.path === '/ewaybillapi/v1.03/authenticate');
    expect(auth).toHaveLength(1);
    expect(Object.fromEntries(auth[0]?.query ?? [])).toEqual({
      email: account.email,
      username: account.username,
      password: account.password,
    });
    const fetched = gsp.calls.filter((c) => c.path === '/ewaybillapi/v1.03/ewayapi/getewaybill');
    expect(fetched.length).toBeGreaterThanOrEqual(2);
    expect(fetched[0]?.headers).toMatchObject({
      client_id: account.clientId,
      client_secret: account.clientSecret,
      ip_address: account.ipAddress,
      gstin,
      authtoken: 'gsp-token-1',
    });
    expect(Object.fromEntries(fetched[0]?.query ?? [])).toEqual({ email: account.email, ewbNo: number });

    // Eight hours before expiry, the vehicle last seen at Vapi: the form suggests where it is.
    await t.database.db.execute(sql`update eway_bills set valid_until = now() + interval '2 hours' where id = ${bill.id}`);
    await t.database.db.execute(sql`insert into tracking_last_positions
      (order_id, industry_id, source, fix_time, latitude, longitude, signal_at, anchor_latitude, anchor_longitude, anchor_at, km_left)
      select id, industry_id, 'device', now() - interval '5 minutes', 20.3717, 72.9056, now(), 20.3717, 72.9056, now(), 118
      from orders where id = ${order.id}`);
    const suggestion = (await call('GET', `${bills}/${bill.id}/extension`, r.owner)).json().data;
    expect(suggestion).toMatchObject({ basis: 'position', fromPlace: 'Vapi', fromPincode: '396191', fromState: 24, remainingKm: 118 });

    const extendedTo = new Date(Date.now() + 6 * 24 * 3_600_000);
    gsp.extendTo(extendedTo);
    const { fromPlace, fromPincode, fromState, remainingKm } = suggestion;
    const extended = await call('POST', `${bills}/${bill.id}/extend`, r.owner, {
      fromPlace,
      fromPincode,
      fromState,
      remainingKm,
      reasonCode: 4,
      remarks: 'Accident near Vapi',
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().data).toMatchObject({
      extensions: 1,
      validUntil: new Date(Math.floor(extendedTo.getTime() / 1000) * 1000).toISOString(),
    });
    const asked = gsp.calls.filter((c) => c.path === '/ewaybillapi/v1.03/ewayapi/extendvalidity');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.body).toEqual({
      ewbNo: Number(number),
      vehicleNo: order.vehicleNumber,
      fromPlace: 'Vapi',
      fromState: 24,
      fromPincode: 396191,
      remainingDistance: 118,
      transDocNo: '',
      transDocDate: '',
      transMode: '1',
      extnRsnCode: 4,
      extnRemarks: 'Accident near Vapi',
      consignmentStatus: 'M',
      transitType: '',
      addressLine1: '',
      addressLine2: '',
      addressLine3: '',
    });
    expect(gsp.logins()).toBe(1);
  });

  it('a bill NIC does not know is a 400 naming the number', async () => {
    const order = await offlineOrder(t, r, 'outbound');
    const res = await call('POST', `/api/orders/outbound/${order.id}/eway-bills`, r.owner, { number: '331009870001' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields.number).toBe('The e-way bill system has no e-way bill 331009870001. Check the number.');
  });
});
