import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundAllow } from '../../config-providers.ts';
import { createOutbound } from '../../lib/outbound.ts';
import { extensionBody, fromNic, parseNicDate } from './eway-bill-nic.ts';
import { createEwayBillProvider, EwayBillProviderError } from './eway-bill-provider.ts';
import { createEwayBillSimulator, SIMULATED_FOREIGN_GSTIN } from './eway-bill-simulator.ts';

const GSTIN = '27AAPFU0939F1ZV';

describe('NIC answers in our terms', () => {
  it('reads NIC dates as IST, 12-hour clock included', () => {
    expect(parseNicDate('05/11/2026 10:15:00 AM')?.toISOString()).toBe('2026-11-05T04:45:00.000Z');
    expect(parseNicDate('05/11/2026 10:15:00 PM')?.toISOString()).toBe('2026-11-05T16:45:00.000Z');
    expect(parseNicDate('05/11/2026 12:05:00 AM')?.toISOString()).toBe('2026-11-04T18:35:00.000Z');
    expect(parseNicDate('05/11/2026 23:59:00')?.toISOString()).toBe('2026-11-05T18:29:00.000Z');
    expect(parseNicDate('2026-11-05')).toBeUndefined();
  });

  it('maps a GetEwayBill answer, and refuses one without a number, date or consignor', () => {
    const bill = fromNic({
      ewbNo: 331009876543,
      ewayBillDate: '05/11/2026 10:15:00 AM',
      status: 'ACT',
      fromGstin: GSTIN,
      toGstin: 'URP',
      totInvValue: 245000.5,
      actualDist: 420,
      validUpto: '08/11/2026 11:59:00 PM',
      extendedTimes: 1,
      VehiclListDetails: [{ vehicleNo: 'MH 12 AB 1234' }],
    });
    expect(bill).toMatchObject({
      number: '331009876543',
      distanceKm: 420,
      valuePaise: 24500050,
      fromGstin: GSTIN,
      toGstin: null,
      vehicleNumber: 'MH12AB1234',
      status: 'active',
      extensions: 1,
    });
    expect(bill?.validUntil.toISOString()).toBe('2026-11-08T18:29:00.000Z');
    expect(bill?.overDimensional).toBe(false);
    expect(fromNic({ ewbNo: 12, ewayBillDate: '05/11/2026 10:15:00 AM', fromGstin: GSTIN })).toBeUndefined();
    expect(fromNic({ ewbNo: 331009876543, fromGstin: GSTIN })).toBeUndefined();
  });
});

describe('over-dimensional bills and the extension request, as NIC has them', () => {
  const base = { ewbNo: 331009876543, ewayBillDate: '05/11/2026 10:15:00 AM', status: 'ACT', fromGstin: GSTIN, actualDist: 100 };

  it('vehicleType O is over-dimensional cargo: 20 km a day when NIC sends no validity, NIC’s validity when it does', () => {
    const odc = fromNic({ ...base, vehicleType: 'O' });
    expect(odc?.overDimensional).toBe(true);
    // 100 km at 20 km a day: five days after the day of generation, to its end.
    expect(odc?.validUntil.toISOString()).toBe('2026-11-10T18:29:59.999Z');
    const regular = fromNic({ ...base, vehicleType: 'R' });
    expect(regular?.overDimensional).toBe(false);
    expect(regular?.validUntil.toISOString()).toBe('2026-11-06T18:29:59.999Z');
    // NIC's own figure wins over the rule, to the minute it gives.
    const told = fromNic({ ...base, vehicleType: 'O', validUpto: '10/11/2026 11:59:00 PM' });
    expect(told?.validUntil.toISOString()).toBe('2026-11-10T18:29:00.000Z');
  });

  it('asks EXTENDVALIDITY from where the vehicle is: place, state code and PIN, by road in movement', () => {
    const body = extensionBody('331009876543', {
      remainingKm: 120,
      reasonCode: 3,
      remarks: 'Transhipment at Vapi',
      vehicleNumber: 'MH12AB1234',
      fromPlace: 'Vapi',
      fromPincode: '396191',
      fromState: 24,
    });
    expect(body).toEqual({
      ewbNo: 331009876543,
      vehicleNo: 'MH12AB1234',
      fromPlace: 'Vapi',
      fromState: 24,
      fromPincode: 396191,
      remainingDistance: 120,
      transDocNo: '',
      transDocDate: '',
      transMode: '1',
      extnRsnCode: 3,
      extnRemarks: 'Transhipment at Vapi',
      consignmentStatus: 'M',
      transitType: '',
      addressLine1: '',
      addressLine2: '',
      addressLine3: '',
    });
  });
});

describe('the GSP client', () => {
  let server: Server;
  let origin = '';
  const seen: { url: string; headers: IncomingMessage['headers'] }[] = [];
  let failNext = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (failNext > 0) {
        failNext--;
        send(502, { error: 'upstream' });
        return;
      }
      if (req.url?.startsWith('/ewaybillapi/v1.03/authenticate')) {
        send(200, { status_cd: '1', status_desc: 'Success', authtoken: 'tok-1' });
        return;
      }
      if (req.headers.authtoken !== 'tok-1') {
        send(200, { status_cd: '0', status_desc: 'Invalid auth token' });
        return;
      }
      if (req.url?.includes('ewbNo=111111111111')) {
        send(200, { status_cd: '0', status_desc: 'No record found' });
        return;
      }
      send(200, {
        status_cd: '1',
        data: {
          ewbNo: 331009876543,
          ewayBillDate: '05/11/2026 10:15:00 AM',
          status: 'ACT',
          fromGstin: GSTIN,
          totInvValue: 1000,
          actualDist: 150,
        },
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const provider = () =>
    createEwayBillProvider(
      { url: origin, clientId: 'cid', clientSecret: 'sec', username: 'u', password: 'p', email: 'ops@demo.test', ipAddress: '203.0.113.7' },
      createOutbound({ operatorAllow: outboundAllow({ OUTBOUND_ALLOW: origin }) }).operator,
    );

  it('logs in as the GSTIN once, sends the GSP headers, and reads the bill', async () => {
    const p = provider();
    const bill = await p.getBill(GSTIN, '331009876543');
    expect(bill?.number).toBe('331009876543');
    expect(await p.getBill(GSTIN, '331009876543')).not.toBeNull();
    const logins = seen.filter((s) => s.url.startsWith('/ewaybillapi/v1.03/authenticate'));
    expect(logins).toHaveLength(1);
    const get = seen.find((s) => s.url.includes('getewaybill'));
    expect(get?.headers).toMatchObject({
      client_id: 'cid',
      client_secret: 'sec',
      gstin: GSTIN,
      ip_address: '203.0.113.7',
      authtoken: 'tok-1',
    });
  });

  it('answers null for a bill the system does not know, and a retryable error when it fails', async () => {
    const p = provider();
    expect(await p.getBill(GSTIN, '111111111111')).toBeNull();
    failNext = 1;
    const err = await p.getBill(GSTIN, '222222222222').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EwayBillProviderError);
    expect((err as EwayBillProviderError).retryable).toBe(true);
  });

  it('never calls a private address unless the operator allows it', async () => {
    const real = createEwayBillProvider(
      { url: origin, clientId: 'c', clientSecret: 's', username: 'u', password: 'p', email: 'e@x.in', ipAddress: '1.1.1.1' },
      createOutbound().operator,
    );
    await expect(real.getBill(GSTIN, '331009876543')).rejects.toThrow(/cannot be reached/);
  });
});

describe('the simulator', () => {
  const now = new Date('2026-11-05T06:00:00Z');
  const sim = createEwayBillSimulator(() => now);

  it('answers a bill of the shipper for the shipment, generated within the last hours', async () => {
    const bill = await sim.getBill(GSTIN, '331009876543', { vehicleNumber: 'MH12AB1234', distanceKm: 420 });
    expect(bill).toMatchObject({ fromGstin: GSTIN, distanceKm: 420, vehicleNumber: 'MH12AB1234', status: 'active' });
    expect(bill && now.getTime() - bill.generatedAt.getTime()).toBeLessThanOrEqual(4.5 * 3_600_000);
    expect(bill?.validUntil.getTime()).toBeGreaterThan(now.getTime());
  });

  it('has test numbers for the unknown, the long expired and the foreign bill', async () => {
    expect(await sim.getBill(GSTIN, '031009876543')).toBeNull();
    const old = await sim.getBill(GSTIN, '331009876500', { distanceKm: 100 });
    expect(old?.validUntil.getTime()).toBeLessThan(now.getTime());
    expect((await sim.getBill(GSTIN, '331009876599'))?.fromGstin).toBe(SIMULATED_FOREIGN_GSTIN);
  });
});
