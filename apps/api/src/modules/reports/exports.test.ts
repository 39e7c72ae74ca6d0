import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, offlineOrder, type Road, setupRoad } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { createStaff } from '../../test/staff.ts';

const t = useTestApp();
const call = caller(t);
let r: Road;
let orders: { id: number; number: string }[] = [];

beforeAll(async () => {
  r = await setupRoad(t);
  for (let i = 0; i < 3; i++) {
    orders.push(await offlineOrder(t, r, 'outbound'));
  }
  orders = orders.map((o) => ({ id: o.id, number: o.number }));
  // Drivers' names as a spreadsheet would read formulas: a full-width ＝ and one after a ';'.
  await t.database.db.execute(sql`update orders set driver_name = '＝HYPERLINK("http://x")' where id = ${orders[0]?.id ?? 0}`);
  await t.database.db.execute(sql`update orders set driver_name = 'Ravi;=1+1' where id = ${orders[1]?.id ?? 0}`);
});

async function finished(id: number, token = r.owner) {
  await t.app.deps.jobs.tick();
  const res = await call('GET', `/api/exports/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('report exports as background jobs', () => {
  it('exports the order register as CSV through the job, with progress, a notification and the formulas kept as text', async () => {
    const asked = await call('POST', '/api/exports', r.owner, { report: 'order-register', format: 'csv', params: { direction: 1 } });
    expect(asked.statusCode, asked.body).toBe(202);
    const started = asked.json().data;
    // Asking answers at once: the rows are estimated by the job.
    expect(started).toMatchObject({ status: 'queued', rowsDone: 0, rowsTotal: null, label: 'Order register' });
    const expected = Number(
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from orders where request_type = 1 and industry_id = (select industry_id from orders where id = ${orders[0]?.id ?? 0})`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n,
    );
    const notReady = await call('GET', `/api/exports/${started.id}/file`, r.owner);
    expect(notReady.statusCode).toBe(409);
    const done = await finished(started.id);
    expect(done).toMatchObject({ status: 'done', rowsDone: expected, rowsTotal: expected });
    expect(done.fileName).toMatch(/^order-register-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await call('GET', `/api/exports/${started.id}/file`, r.owner);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(expected + 1);
    expect(lines[0]).toContain('"Pickup Date","Gate In Date","Gate Out Date"');
    // Moments as India reads them in a sheet (date-time.ts), not the year first.
    expect(lines[1]).toMatch(/"\d{2}-\d{2}-\d{4} \d{2}:\d{2}"/);
    expect(file.body).not.toMatch(/"\d{4}-\d{2}-\d{2} \d{2}:\d{2}"/);
    expect(file.body).toContain(`"'＝HYPERLINK(""http://x"")"`);
    expect(file.body).toContain(`"'Ravi;=1+1"`);
    expect(orders.every((o) => file.body.includes(`"${o.number}"`))).toBe(true);
    const told = (await call('GET', '/api/notifications', r.owner)).json().data as { title: string; type: string; referId: number }[];
    expect(told.find((n) => n.type === 'report' && n.referId === started.id)?.title).toBe('Export ready');
  });

  it('exports XLSX with the filters applied', async () => {
    const asked = await call('POST', '/api/exports', r.owner, {
      report: 'order-register',
      format: 'xlsx',
      params: { direction: 1, plantId: r.plants[0]?.id, carrierLinkId: r.vayuLink, status: 'vehicle_assigned' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const done = await finished(asked.json().data.id);
    expect(done.status).toBe('done');
    const file = await t.app.inject({ method: 'GET', url: `/api/exports/${done.id}/file`, headers: t.as(r.owner) });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const numbers = (sheet?.getColumn(1).values ?? []).slice(2).map(String);
    expect(numbers.sort()).toEqual(orders.map((o) => o.number).sort());
    expect(done.rowsDone).toBe(3);
  });

  it('refuses a bad filter by name, carriers and staff without the permission, and other users’ exports', async () => {
    const bad = await call('POST', '/api/exports', r.owner, {
      report: 'order-register',
      format: 'csv',
      params: { pickupFrom: '24-11-2026' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['params.pickupFrom']);
    const unknown = await call('POST', '/api/exports', r.owner, { report: 'order-register', format: 'csv', params: { plant: 1 } });
    expect(unknown.statusCode).toBe(400);
    expect((await call('POST', '/api/exports', r.vayu, { report: 'order-register', format: 'csv' })).statusCode).toBe(403);
    const staff = await createStaff(t, r.owner, { permissions: ['list-outbound-order'] });
    expect((await call('POST', '/api/exports', staff.token, { report: 'order-register', format: 'csv' })).statusCode).toBe(403);
    const [mine] = (await call('GET', '/api/exports', r.owner)).json().data as { id: number }[];
    expect(mine?.id).toBeGreaterThan(0);
    const other = await t.login('noplan@demo.test');
    expect((await call('GET', `/api/exports/${mine?.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/exports/${mine?.id}/file`, other)).statusCode).toBe(404);
  });

  it('a staff user exports only the orders of their plants, checked again when the job runs', async () => {
    const other = r.plants[1]?.id ?? 0;
    const staff = await createStaff(t, r.owner, { permissions: ['list-industry-report', 'list-outbound-order'], plantIds: [other] });
    const asked = await call('POST', '/api/exports', staff.token, { report: 'order-register', format: 'csv', params: { direction: 1 } });
    expect(asked.statusCode, asked.body).toBe(202);
    const done = await finished(asked.json().data.id, staff.token);
    const file = await call('GET', `/api/exports/${done.id}/file`, staff.token);
    expect(orders.some((o) => file.body.includes(o.number))).toBe(false);
    expect(file.body.split('\r\n')[0]).toContain('"Order"');
  });
});
