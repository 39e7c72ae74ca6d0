import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { type Procurement, setupProcurement } from '../../test/procurement.ts';

const t = useTestApp();
let p: Procurement;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });

beforeAll(async () => {
  p = await setupProcurement(t);
});

type Entry = { kind: string; byName: string | null; byCompany: string | null; from: unknown; to: unknown };

describe('request history names who acted', () => {
  it('credits the award, the bids and the edits to the person and company, and the bid window to Freightdesk', async () => {
    const created = await call('POST', '/api/requests/outbound', p.owner, p.base);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect((await call('POST', `/api/carrier/requests/${id}/bids`, p.vayu, { amountRupees: 45000, vehicles: 2 })).statusCode).toBe(201);
    // The bid window closes the request: a job, no person.
    await t.database.db.execute(sql`update jobs set run_at = now() - interval '1 second' where key = ${`request-close:${id}`}`);
    await t.app.deps.jobs.tick();
    const [bid] = (await call('GET', `/api/requests/outbound/${id}/bids`, p.owner)).json().data;
    const award = await call('POST', `/api/requests/outbound/${id}/award`, p.owner, { awards: [{ bidId: bid.id, vehicles: 2 }] });
    expect(award.statusCode, award.body).toBe(201);

    const history: Entry[] = (await call('GET', `/api/requests/outbound/${id}/history`, p.owner)).json().data;
    const owner = { byName: 'Asha Kulkarni', byCompany: 'Demo Industries' };
    expect(history.find((e) => e.kind === 'created')).toMatchObject(owner);
    expect(history.find((e) => e.kind === 'bid')).toMatchObject({ byCompany: 'Vayu Roadlines' });
    expect(history.find((e) => e.kind === 'bid')?.byName).toBeTruthy();
    expect(history.find((e) => e.kind === 'status' && e.to === 'closed')).toMatchObject({ byName: null, byCompany: null });
    // The award: the order lines and the request's move to awarded, both by the owner who awarded.
    expect(history.find((e) => e.kind === 'awarded')).toMatchObject(owner);
    expect(history.find((e) => e.kind === 'status' && e.to === 'awarded')).toMatchObject({ ...owner, from: 'closed' });

    // Messages count and use articles as people write them.
    const more = await call('POST', `/api/requests/outbound/${id}/award`, p.owner, { awards: [{ bidId: bid.id, vehicles: 1 }] });
    // (A bid is awarded once, issue 38: another count for the same bid is refused as such.)
    expect(more.json().error.message).toBe('This bid is already awarded (2 vehicles).');
    const [order] = award.json().data;
    expect((await call('POST', `/api/carrier/orders/${order.id}/reject`, p.vayu, { reason: 'No truck' })).statusCode).toBe(200);
    const again = await call('POST', `/api/carrier/orders/${order.id}/reject`, p.vayu, { reason: 'No truck' });
    expect(again.json().error.message).toBe('This order is already Rejected.');
  });
});
