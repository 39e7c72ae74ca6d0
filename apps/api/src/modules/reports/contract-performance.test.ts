import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractedLane, indiaDay } from '../../test/contracts.ts';
import { caller } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { hoursFromNow, type Procurement, setupProcurement } from '../../test/procurement.ts';
import { createStaff } from '../../test/staff.ts';
import { rowsOf } from '../../db/rows.ts';

const t = useTestApp();
const call = caller(t);
let p: Procurement;
/** The contracts' numbers: Vayu's and Ganesh's on the Surat lane, Vayu's alone on the Vapi lane. */
const numbers = { vayuSurat: '', ganeshSurat: '', vayuVapi: '' };
const RANGE = 'from=2026-12-01&to=2026-12-31';
const report = (token: string, query = RANGE) => call('GET', `/api/reports/contract-performance?${query}`, token);

/** Places an indent on the lane; it reports on `day` (India morning). */
async function place(laneId: number, day: string, line: Record<string, unknown>) {
  const res = await call('POST', '/api/indents', p.owner, { indents: [{ laneId, reportingAt: hoursFromNow(20), ...line }] });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data[0].id as number;
  await t.database.db.execute(sql`update indents set reporting_at = ${`${day}T04:30:00Z`}::timestamptz where id = ${id}`);
  return id;
}
const answer = async (token: string, id: number, body: object) => {
  const res = await call('POST', `/api/carrier/indents/${id}/answer`, token, body);
  expect(res.statusCode, res.body).toBe(200);
};
const numberOf = async (id?: number) =>
  rowsOf<{ number: string }>(await t.database.db.execute(sql`select number from contracts where id = ${id}`))[0]?.number ?? '';

beforeAll(async () => {
  p = await setupProcurement(t);
  const surat = await contractedLane(t, p, 60);
  const stop = await call('POST', '/api/stops', p.owner, {
    name: 'Vapi Depot',
    type: 'drop',
    address: 'GIDC',
    city: 'Vapi',
    state: 'Gujarat',
    pincode: '396195',
    latitude: 20.37,
    longitude: 72.9,
  });
  expect(stop.statusCode, stop.body).toBe(201);
  const vapi = await contractedLane(t, { ...p, base: { ...p.base, dropoffs: [{ stopId: stop.json().data.id }] } }, 100);
  const contractOf = (lane: typeof surat, link: number) => lane.contracts.find((x) => x.carrierLinkId === link)?.contractId;
  numbers.vayuSurat = await numberOf(contractOf(surat, p.vayuLink));
  numbers.ganeshSurat = await numberOf(contractOf(surat, p.ganeshLink));
  numbers.vayuVapi = await numberOf(contractOf(vapi, p.vayuLink));

  // Surat: Vayu takes both (one order cancelled since); takes 1 of 3 and Ganesh 1 of the 2 left (the last goes to spot).
  const both = await place(surat.laneId, '2026-12-03', { vehicles: 2, primaryCarrierLinkId: p.vayuLink });
  await answer(p.vayu, both, { answer: 'accept', vehicles: 2 });
  await t.database.db.execute(
    sql`update orders set status = 'cancelled' where id = (select min(id) from orders where indent_id = ${both})`,
  );
  const split = await place(surat.laneId, '2026-12-10', {
    vehicles: 3,
    primaryCarrierLinkId: p.vayuLink,
    backupCarrierLinkIds: [p.ganeshLink],
  });
  await answer(p.vayu, split, { answer: 'accept', vehicles: 1 });
  await answer(p.ganesh, split, { answer: 'accept', vehicles: 1 });
  // Out of the range: Vayu takes one in February.
  const later = await place(surat.laneId, '2027-02-01', { vehicles: 1, primaryCarrierLinkId: p.vayuLink });
  await answer(p.vayu, later, { answer: 'accept', vehicles: 1 });
  // Vapi: Vayu rejects its one indent; the contract was terminated since.
  const rejected = await place(vapi.laneId, '2026-12-31', { vehicles: 1 });
  await answer(p.vayu, rejected, { answer: 'reject', reason: 'Full' });
  await t.database.db.execute(sql`update contracts set status = 'terminated' where number = ${numbers.vayuVapi}`);
});

const pick = (row: Record<string, unknown>) => [
  row.contract,
  row.carrier,
  row.status,
  row.lanes,
  row.tripsPerMonth,
  row.indentsOffered,
  row.vehiclesOffered,
  row.vehiclesAccepted,
  row.acceptancePercent,
  row.orders,
  row.spendRupees,
];
const byNumber = (rows: unknown[][]) => [...rows].sort((x, y) => String(x[0]).localeCompare(String(y[0])));

describe('contract performance', () => {
  it('per contract: lanes, committed trips, indents and vehicles offered and accepted, orders and spend in the range', async () => {
    const res = await report(p.owner);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.rows[0]).toMatchObject({ validFrom: indiaDay(0), validTo: indiaDay(365) });
    expect(page.rows.map(pick)).toEqual(
      byNumber([
        // 60% of 30 trips; 2 indents, 5 vehicles asked, 3 taken (60%); 2 orders left at ₹40,000.
        [numbers.vayuSurat, 'Vayu Roadlines', 'Active', 1, 18, 2, 5, 3, 60, 2, 80_000],
        [numbers.ganeshSurat, 'Shree Ganesh Transport', 'Active', 1, 12, 1, 2, 1, 50, 1, 38_000],
        [numbers.vayuVapi, 'Vayu Roadlines', 'Terminated', 1, 30, 1, 1, 0, 0, 0, 0],
      ]),
    );
    expect(pick(page.totals)).toEqual([null, null, null, 3, 60, 4, 8, 4, 50, 3, 118_000]);
    expect(page.total).toBe(3);
  });

  it('filters by carrier, plant, direction and range; a contract out of the range is not listed', async () => {
    const ganesh = (await report(p.owner, `${RANGE}&carrierLinkId=${p.ganeshLink}`)).json().data;
    expect(ganesh.rows.map(pick)).toEqual([[numbers.ganeshSurat, 'Shree Ganesh Transport', 'Active', 1, 12, 1, 2, 1, 50, 1, 38_000]]);
    const february = (await report(p.owner, `from=2027-02-01&to=2027-02-28&carrierLinkId=${p.vayuLink}`)).json().data;
    expect(february.totals).toMatchObject({ indentsOffered: 1, vehiclesAccepted: 1, orders: 1, spendRupees: 40_000 });
    const inbound = (await report(p.owner, `${RANGE}&direction=2`)).json().data;
    expect(inbound).toMatchObject({ total: 3, totals: { lanes: 3, indentsOffered: 0, orders: 0, acceptancePercent: null } });
    expect((await report(p.owner, 'from=2028-01-01')).json().data).toMatchObject({ rows: [], total: 0 });
    const plants = (await call('GET', '/api/plants/options', p.owner)).json().data as { id: number }[];
    expect((await report(p.owner, `${RANGE}&plantId=${plants[1]?.id}`)).json().data.total).toBe(0);
    const elsewhere = await createStaff(t, p.owner, {
      permissions: ['list-industry-report', 'list-indent'],
      plantIds: [plants[1]?.id ?? 0],
    });
    expect((await report(elsewhere.token)).json().data).toMatchObject({ rows: [], total: 0 });
  });

  it('filters by lane: the contracts holding it, their figures on that lane only; the picker names the contracted lanes', async () => {
    const picked = await call('GET', '/api/reports/contract-performance/lanes?search=vapi', p.owner);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().data).toEqual(['Pune Chakan Plant → Vapi']);
    const vapi = (await report(p.owner, `${RANGE}&lane=${encodeURIComponent('Pune Chakan Plant → Vapi')}`)).json().data;
    expect(vapi.rows.map(pick)).toEqual([[numbers.vayuVapi, 'Vayu Roadlines', 'Terminated', 1, 30, 1, 1, 0, 0, 0, 0]]);
    const surat = (await report(p.owner, `${RANGE}&lane=${encodeURIComponent('Pune Chakan Plant → Surat')}`)).json().data;
    expect(surat.totals).toMatchObject({ lanes: 2, indentsOffered: 3, vehiclesAccepted: 4, orders: 3, spendRupees: 118_000 });
  });

  it('names the bad filter (400), needs the indent permission (403), and shows another shipper nothing of ours', async () => {
    for (const [query, field] of [
      ['carrierLinkId=-1', 'carrierLinkId'],
      ['from=2026-12-31&to=2026-12-01', 'to'],
    ] as const) {
      const res = await report(p.owner, query);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().error), query).toContain(field);
    }
    const rfqOnly = await createStaff(t, p.owner, { permissions: ['list-industry-report', 'list-rfp'] });
    expect((await report(rfqOnly.token)).statusCode).toBe(403);
    expect((await report(p.vayu)).statusCode).toBe(403);
    const other = await report(await t.login('noplan@demo.test'));
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data).toMatchObject({ rows: [], total: 0, totals: { lanes: 0, orders: 0, spendRupees: null } });
  });

  it('exports the contracts with their totals row', async () => {
    const asked = await call('POST', '/api/exports', p.owner, {
      report: 'contract-performance',
      format: 'csv',
      params: { from: '2026-12-01', to: '2026-12-31', carrierLinkId: p.ganeshLink },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    await t.app.deps.jobs.tick();
    const done = (await call('GET', `/api/exports/${asked.json().data.id}`, p.owner)).json().data;
    expect(done).toMatchObject({ status: 'done', rowsDone: 1 });
    const lines = (await call('GET', `/api/exports/${done.id}/file`, p.owner)).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^"Contract","Carrier","Status","Valid from","Valid to","Lanes","Committed trips a month",/);
    expect(lines[2]).toBe('"Total","","","","","1","12","1","2","1","50","1","38000"');
  });
});
