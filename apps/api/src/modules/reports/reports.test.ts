import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, offlineOrder, type Road, setupRoad } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { createStaff } from '../../test/staff.ts';

const t = useTestApp();
const call = caller(t);
let r: Road;
const numbers: string[] = [];

/** Moves an order's pickup to a day (India noon) and sets its price and basis. */
async function setOrder(id: number, day: string, paise: number, basis: 'trip' | 'tonne' = 'trip', tonnes: number | null = null) {
  await t.database.db.execute(sql`update orders set pickup_at = ${`${day}T06:30:00Z`}::timestamptz, price_paise = ${paise},
    price_basis = ${basis}, weight_tonnes = ${tonnes} where id = ${id}`);
}

beforeAll(async () => {
  r = await setupRoad(t);
  const a = await offlineOrder(t, r, 'outbound');
  const b = await offlineOrder(t, r, 'outbound');
  const c = await offlineOrder(t, r, 'outbound', { plantId: r.plants[1]?.id });
  const rejected = await offlineOrder(t, r, 'outbound');
  numbers.push(a.number, b.number, c.number);
  await setOrder(a.id, '2026-09-10', 3_000_000);
  await setOrder(b.id, '2026-09-20', 150_000, 'tonne', 20.5);
  await setOrder(c.id, '2026-10-05', 4_100_050);
  await setOrder(rejected.id, '2026-10-06', 9_900_000);
  await t.database.db.execute(sql`update orders set status = 'rejected' where id = ${rejected.id}`);
});

describe('summary reports on screen', () => {
  it('lists the reports the user may read, with their columns and date label', async () => {
    const res = await call('GET', '/api/reports', r.owner);
    expect(res.statusCode, res.body).toBe(200);
    const spend = res.json().data.find((d: { name: string }) => d.name === 'spend');
    expect(spend).toMatchObject({ label: 'Spend', dateLabel: 'Pickup Date', groupBy: ['month', 'lane', 'plant', 'carrier'] });
    expect(spend.columns.map((c: { key: string }) => c.key)).toContain('savingPercent');
  });

  it('spend by month: orders kept, per-tonne orders at their tonnes, exact rupees, totals over every row', async () => {
    const res = await call('GET', '/api/reports/spend?groupBy=month&from=2026-09-01&to=2026-10-31&pageSize=25', r.owner);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.columns[0]).toEqual({ key: 'label', label: 'Month', kind: 'text' });
    expect(page.rows.map((x: { label: string; orders: number; spendRupees: number }) => [x.label, x.orders, x.spendRupees])).toEqual([
      ['2026-10', 1, 41_000.5],
      // ₹30,000 a trip and ₹1,500 a tonne × 20.5 t.
      ['2026-09', 2, 60_750],
    ]);
    expect(page.totals).toMatchObject({ orders: 3, spendRupees: 101_750.5, tonnes: 20.5 });
    expect(page.total).toBe(2);
  });

  it('spend by plant and by carrier, filtered by plant; a page of one', async () => {
    const byPlant = (await call('GET', '/api/reports/spend?groupBy=plant&from=2026-09-01&to=2026-10-31', r.owner)).json().data;
    expect(byPlant.rows.map((x: { label: string }) => x.label).sort()).toEqual([r.plants[0]?.name, r.plants[1]?.name].sort());
    const one = (await call('GET', `/api/reports/spend?groupBy=carrier&plantId=${r.plants[1]?.id}&from=2026-09-01`, r.owner)).json().data;
    expect(one.rows).toMatchObject([{ label: 'Vayu Roadlines', orders: 1, spendRupees: 41_000.5 }]);
    const lanes = (await call('GET', '/api/reports/spend?groupBy=lane&from=2026-09-01&to=2026-10-31&pageSize=25', r.owner)).json().data;
    expect(lanes.rows[0].label).toMatch(/ → /);
  });

  it('names the bad filter (400), needs a login (401) and the permission (403), and shows another shipper nothing of ours', async () => {
    for (const [query, field] of [
      ['groupBy=week', 'groupBy'],
      ['from=2026-13-01', 'from'],
      ['from=2026-10-02&to=2026-10-01', 'to'],
      ['pageSize=30', 'pageSize'],
      ['colour=red', ''],
    ] as const) {
      const res = await call('GET', `/api/reports/spend?${query}`, r.owner);
      expect(res.statusCode, query).toBe(400);
      if (field) {
        expect(JSON.stringify(res.json().error), query).toContain(field);
      }
    }
    expect((await call('GET', '/api/reports/nonsense', r.owner)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/reports/spend' })).statusCode).toBe(401);
    const noReports = await createStaff(t, r.owner, { permissions: ['list-outbound-order'] });
    expect((await call('GET', '/api/reports/spend', noReports.token)).statusCode).toBe(403);
    const reportsOnly = await createStaff(t, r.owner, { permissions: ['list-industry-report'] });
    expect((await call('GET', '/api/reports/spend', reportsOnly.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/reports', reportsOnly.token)).json().data.map((d: { name: string }) => d.name)).not.toContain('spend');
    // A staff user of the second plant sees only its order.
    const second = await createStaff(t, r.owner, {
      permissions: ['list-industry-report', 'list-outbound-order'],
      plantIds: [r.plants[1]?.id ?? 0],
    });
    const seen = (await call('GET', '/api/reports/spend?from=2026-09-01', second.token)).json().data;
    expect(seen.totals).toMatchObject({ orders: 1, spendRupees: 41_000.5 });
    expect((await call('GET', '/api/reports/spend', r.vayu)).statusCode).toBe(403);
    const other = await call('GET', '/api/reports/spend?from=2026-09-01', await t.login('noplan@demo.test'));
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data).toMatchObject({ rows: [], total: 0, totals: { orders: 0, spendRupees: null } });
  });

  it('filters by lane, as the lane picker names it; the picker searches on the server and keeps to the viewer’s records', async () => {
    const second = r.plants[1]?.name ?? '';
    const picked = await call('GET', `/api/reports/spend/lanes?search=${encodeURIComponent(second)}`, r.owner);
    expect(picked.statusCode, picked.body).toBe(200);
    const [lane, ...more] = picked.json().data as string[];
    expect(more).toEqual([]);
    expect(lane).toMatch(new RegExp(`^${second} → \\S`));
    const q = `lane=${encodeURIComponent(lane ?? '')}`;
    const spend = (await call('GET', `/api/reports/spend?groupBy=lane&from=2026-09-01&to=2026-10-31&${q}`, r.owner)).json().data;
    expect(spend.rows).toMatchObject([{ label: lane, orders: 1, spendRupees: 41_000.5 }]);
    expect(spend.totals).toMatchObject({ orders: 1, spendRupees: 41_000.5 });
    // The order register takes the same lane.
    expect((await call('GET', '/api/reports/order-register/lanes', r.owner)).json().data).toContain(lane);
    const asked = await call('POST', '/api/exports', r.owner, { report: 'order-register', format: 'csv', params: { lane } });
    expect(asked.statusCode, asked.body).toBe(202);
    await t.app.deps.jobs.tick();
    const file = await call('GET', `/api/exports/${asked.json().data.id}/file`, r.owner);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain(numbers[2]);
    expect(file.body).not.toContain(numbers[0]);
    // Bad lanes and searches are named; the picker needs the report permission and shows nobody else our lanes.
    for (const [url, field] of [
      [`/api/reports/spend?lane=${'x'.repeat(201)}`, 'lane'],
      ['/api/reports/spend?lane=', 'lane'],
      [`/api/reports/spend/lanes?search=${'x'.repeat(101)}`, 'search'],
      ['/api/reports/weekly/lanes', 'name'],
    ] as const) {
      const res = await call('GET', url, r.owner);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), url).toContain(field);
    }
    const noReports = await createStaff(t, r.owner, { permissions: ['list-outbound-order'] });
    expect((await call('GET', '/api/reports/spend/lanes', noReports.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/reports/order-register/lanes', r.vayu)).statusCode).toBe(403);
    const other = await call('GET', `/api/reports/spend/lanes?search=${encodeURIComponent(second)}`, await t.login('noplan@demo.test'));
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data).not.toContain(lane);
  });

  it('exports a summary with its totals row through the export job', async () => {
    const asked = await call('POST', '/api/exports', r.owner, {
      report: 'spend',
      format: 'csv',
      params: { groupBy: 'month', from: '2026-09-01', to: '2026-10-31' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    await t.app.deps.jobs.tick();
    const done = (await call('GET', `/api/exports/${asked.json().data.id}`, r.owner)).json().data;
    expect(done).toMatchObject({ status: 'done', rowsDone: 2 });
    const file = await call('GET', `/api/exports/${done.id}/file`, r.owner);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('"Month","Orders","Tonnes","Spend (₹)"');
    expect(lines[1]).toMatch(/^"2026-10","1",/);
    expect(lines[3]).toMatch(/^"Total","3","20.5","101750.5"/);
    const bad = await call('POST', '/api/exports', r.owner, { report: 'spend', format: 'csv', params: { groupBy: 'day' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('groupBy');
  });
});
