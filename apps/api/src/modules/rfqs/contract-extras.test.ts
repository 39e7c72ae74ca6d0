import { beforeAll, describe, expect, it } from 'vitest';
import { contractedLane } from '../../test/contracts.ts';
import { caller } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { hoursFromNow, type Procurement, setupProcurement } from '../../test/procurement.ts';

const t = useTestApp();
const call = caller(t);
let p: Procurement;
let lane: Awaited<ReturnType<typeof contractedLane>>;
let vayuContract = 0;

const indent = async (vehicles: number) => {
  const res = await call('POST', '/api/indents', p.owner, {
    indents: [{ laneId: lane.laneId, vehicles, reportingAt: hoursFromNow(30), primaryCarrierLinkId: p.vayuLink, backupCarrierLinkIds: [] }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0].id as number;
};

beforeAll(async () => {
  p = await setupProcurement(t);
  lane = await contractedLane(t, p, 60);
  vayuContract = lane.contracts.find((c) => c.carrierLinkId === p.vayuLink)?.contractId ?? 0;
});

describe('contract tabs and amendments', () => {
  it('amends a lane rate with a reason: history kept, later indents at the new rate, earlier orders at theirs', async () => {
    const first = await indent(1);
    expect((await call('POST', `/api/carrier/indents/${first}/answer`, p.vayu, { answer: 'accept', vehicles: 1 })).statusCode).toBe(200);
    const detail = (await call('GET', `/api/contracts/${vayuContract}`, p.owner)).json().data;
    const laneId = detail.laneList[0].id;
    const amend = (body: object, token = p.owner) => call('POST', `/api/contracts/${vayuContract}/lanes/${laneId}/rate`, token, body);
    const same = await amend({ rateRupees: 40_000, reason: 'Diesel' });
    expect(same.statusCode).toBe(400);
    expect(Object.keys(same.json().error.fields)).toEqual(['rateRupees']);
    expect(Object.keys((await amend({ rateRupees: 41_500, reason: '' })).json().error.fields)).toEqual(['reason']);
    expect((await amend({ rateRupees: 41_500, reason: 'Diesel' }, p.vayu)).statusCode).toBe(403);
    const ok = await amend({ rateRupees: 41_500, reason: 'Diesel price revision' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.laneList[0].rateRupees).toBe(41_500);
    expect(ok.json().data.laneList[0].history.map((h: { rateRupees: number; reason: string }) => [h.rateRupees, h.reason])).toEqual([
      [40_000, expect.any(String)],
      [41_500, 'amendment: Diesel price revision'],
    ]);
    const second = await indent(1);
    await call('POST', `/api/carrier/indents/${second}/answer`, p.vayu, { answer: 'accept', vehicles: 1 });
    const orders = await call('GET', `/api/contracts/${vayuContract}/orders`, p.owner);
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json().data.map((o: { indentId: number; priceRupees: number }) => [o.indentId, o.priceRupees])).toEqual([
      [second, 41_500],
      [first, 40_000],
    ]);
    expect(orders.json().total).toBe(2);
  });

  it('measures the carrier’s acceptance and placement on the contract, shown to the shipper and that carrier only', async () => {
    const rejected = await indent(2);
    await call('POST', `/api/carrier/indents/${rejected}/answer`, p.vayu, { answer: 'reject', reason: 'No trucks' });
    const perf = await call('GET', `/api/contracts/${vayuContract}/performance`, p.owner);
    expect(perf.statusCode, perf.body).toBe(200);
    expect(perf.json().data).toMatchObject({
      turnsAsked: 3,
      turnsAccepted: 2,
      turnsRejected: 1,
      vehiclesAsked: 4,
      vehiclesAccepted: 2,
      acceptancePct: 50,
      orders: 2,
      onTimePlacementPct: null,
    });
    expect(perf.json().data.lanes[0]).toMatchObject({ sharePct: 60, takenThisMonth: 2 });
    expect((await call('GET', `/api/carrier/contracts/${vayuContract}/performance`, p.vayu)).statusCode).toBe(200);
    expect((await call('GET', `/api/carrier/contracts/${vayuContract}/performance`, p.ganesh)).statusCode).toBe(404);
    expect((await call('GET', `/api/carrier/contracts/${vayuContract}/orders`, p.ganesh)).statusCode).toBe(404);
    const stranger = await t.login('noplan@demo.test');
    expect((await call('GET', `/api/contracts/${vayuContract}/orders`, stranger)).statusCode).toBe(404);
  });

  it('refuses an amendment once the contract has ended (409)', async () => {
    const ganeshContract = lane.contracts.find((c) => c.carrierLinkId === p.ganeshLink)?.contractId ?? 0;
    const laneId = (await call('GET', `/api/contracts/${ganeshContract}`, p.owner)).json().data.laneList[0].id;
    expect((await call('POST', `/api/contracts/${ganeshContract}/terminate`, p.owner, { reason: 'Poor service' })).statusCode).toBe(200);
    const late = await call('POST', `/api/contracts/${ganeshContract}/lanes/${laneId}/rate`, p.owner, { rateRupees: 30_000, reason: 'x' });
    expect(late.statusCode).toBe(409);
  });
});
