import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractedLane } from '../../test/contracts.ts';
import { caller } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { hoursFromNow, type Procurement, setupProcurement } from '../../test/procurement.ts';
import { createStaff } from '../../test/staff.ts';

const t = useTestApp();
const call = caller(t);
let p: Procurement;
const RANGE = 'from=2026-12-01&to=2026-12-31';
const report = (token: string, query = '') => call('GET', `/api/reports/indent-fulfilment?${RANGE}${query}`, token);

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

beforeAll(async () => {
  p = await setupProcurement(t);
  const surat = (await contractedLane(t, p, 60)).laneId;
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
  const vapi = (await contractedLane(t, { ...p, base: { ...p.base, dropoffs: [{ stopId: stop.json().data.id }] } }, 100)).laneId;

  // Surat: Vayu (primary) takes both; takes 1 of 3, Ganesh 1 of the 2 left, the last goes to spot (nobody is left); one cancelled; one out of the range.
  const both = await place(surat, '2026-12-03', { vehicles: 2, primaryCarrierLinkId: p.vayuLink });
  await answer(p.vayu, both, { answer: 'accept', vehicles: 2 });
  const split = await place(surat, '2026-12-10', { vehicles: 3, primaryCarrierLinkId: p.vayuLink, backupCarrierLinkIds: [p.ganeshLink] });
  await answer(p.vayu, split, { answer: 'accept', vehicles: 1 });
  await answer(p.ganesh, split, { answer: 'accept', vehicles: 1 });
  const cancelled = await place(surat, '2026-12-20', { vehicles: 1, primaryCarrierLinkId: p.vayuLink });
  expect((await call('POST', `/api/indents/${cancelled}/cancel`, p.owner, { reason: 'Plant shutdown' })).statusCode).toBe(200);
  const later = await place(surat, '2027-01-05', { vehicles: 2, primaryCarrierLinkId: p.vayuLink });
  await answer(p.vayu, later, { answer: 'accept', vehicles: 2 });
  // Vapi (Vayu alone): rejected, so it all goes to spot.
  const vapiOne = await place(vapi, '2026-12-31', { vehicles: 1 });
  await answer(p.vayu, vapiOne, { answer: 'reject', reason: 'Full' });
});

const pick = (row: Record<string, unknown>) => [
  row.lane,
  row.indents,
  row.vehiclesAsked,
  row.acceptedPrimary,
  row.acceptedBackup,
  row.spotVehicles,
  row.cancelled,
  row.fulfilmentPercent,
];

describe('indent fulfilment', () => {
  it('sums each lane’s indents reporting in the range: asked, taken by primary and backups, spot, cancelled', async () => {
    const res = await report(p.owner);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.rows.map(pick)).toEqual([
      ['Pune Chakan Plant, Pune → Surat DC, Surat', 3, 6, 3, 1, 1, 1, 66.7],
      ['Pune Chakan Plant, Pune → Vapi Depot, Vapi', 1, 1, 0, 0, 1, 0, 0],
    ]);
    expect(pick(page.totals)).toEqual([null, 4, 7, 3, 1, 2, 1, 57.1]);
    expect(page.total).toBe(2);
  });

  it('filters by the carrier asked, direction and plant; a staff user sees its plants only', async () => {
    const ganesh = (await report(p.owner, `&carrierLinkId=${p.ganeshLink}`)).json().data;
    expect(ganesh.rows.map(pick)).toEqual([['Pune Chakan Plant, Pune → Surat DC, Surat', 1, 3, 1, 1, 1, 0, 66.7]]);
    expect((await report(p.owner, '&direction=1')).json().data.totals).toMatchObject({ indents: 4 });
    expect((await report(p.owner, '&direction=2')).json().data).toMatchObject({ rows: [], totals: { indents: 0, vehiclesAsked: 0 } });
    const plants = (await call('GET', '/api/plants/options', p.owner)).json().data as { id: number }[];
    expect((await report(p.owner, `&plantId=${plants[1]?.id}`)).json().data.total).toBe(0);
    const elsewhere = await createStaff(t, p.owner, {
      permissions: ['list-industry-report', 'list-indent'],
      plantIds: [plants[1]?.id ?? 0],
    });
    expect((await report(elsewhere.token)).json().data).toMatchObject({ rows: [], total: 0 });
    const here = await createStaff(t, p.owner, { permissions: ['list-industry-report', 'list-indent'], plantIds: [plants[0]?.id ?? 0] });
    expect((await report(here.token)).json().data.totals).toMatchObject({ indents: 4, vehiclesAsked: 7 });
  });

  it('filters by lane, named as the indents’ orders name it; the picker searches the lanes on the server', async () => {
    const picked = await call('GET', '/api/reports/indent-fulfilment/lanes?search=vapi', p.owner);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().data).toEqual(['Pune Chakan Plant → Vapi']);
    const surat = 'Pune Chakan Plant → Surat';
    expect((await call('GET', '/api/reports/indent-fulfilment/lanes', p.owner)).json().data).toContain(surat);
    // The orders the Surat indents made carry the same lane name.
    const made = await t.database.db.execute(sql`select distinct lane from orders where indent_id is not null and lane like '%Surat'`);
    expect((made as unknown as { rows: { lane: string }[] }).rows.map((x) => x.lane)).toEqual([surat]);
    const one = (await report(p.owner, `&lane=${encodeURIComponent(surat)}`)).json().data;
    expect(one.rows.map(pick)).toEqual([['Pune Chakan Plant, Pune → Surat DC, Surat', 3, 6, 3, 1, 1, 1, 66.7]]);
    expect((await report(p.owner, `&lane=${encodeURIComponent('Pune Chakan Plant → Nowhere')}`)).json().data).toMatchObject({
      rows: [],
      totals: { indents: 0 },
    });
  });

  it('names the bad filter (400), needs the indent permission (403), and shows another shipper nothing of ours', async () => {
    for (const [query, field] of [
      ['&plantId=x', 'plantId'],
      ['&from=2026-02-30', 'from'],
    ] as const) {
      const res = await report(p.owner, query);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().error), query).toContain(field);
    }
    const orderOnly = await createStaff(t, p.owner, { permissions: ['list-industry-report', 'list-outbound-order'] });
    const refused = await report(orderOnly.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('list-indent');
    expect((await call('GET', '/api/reports', orderOnly.token)).json().data.map((d: { name: string }) => d.name)).not.toContain(
      'indent-fulfilment',
    );
    expect((await report(p.vayu)).statusCode).toBe(403);
    const other = await report(await t.login('noplan@demo.test'));
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data).toMatchObject({ rows: [], total: 0, totals: { indents: 0, fulfilmentPercent: null } });
  });
});
