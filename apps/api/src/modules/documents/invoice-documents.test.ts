import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, offlineOrder, type Road, setupRoad } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { multipartFile } from '../../test/import-files.ts';
import { indiaToday } from '../../lib/india-time.ts';

const t = useTestApp();
const call = caller(t);
let r: Road;
let invoiceId = 0;
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 66), Buffer.from('\n%%EOF\n')]);

function upload(token: string, id: number, kind = 'weighbridge') {
  const form = multipartFile('weighbridge-slip.pdf', pdf, { fields: { kind } });
  return t.app.inject({
    method: 'POST',
    url: `/api/carrier/invoices/${id}/documents`,
    headers: { ...form.headers, ...t.as(token) },
    payload: form.payload,
  });
}

beforeAll(async () => {
  r = await setupRoad(t);
  const order = await offlineOrder(t, r, 'outbound');
  await t.database.db.execute(sql`update orders set status = 'delivered', delivered_at = now() where id = ${order.id}`);
  const res = await call('POST', '/api/carrier/invoices', r.vayu, {
    number: 'VT-DOC-1',
    invoiceDate: indiaToday(),
    gstScheme: 'rcm',
    lines: [{ orderId: order.id, kind: 'freight', amountRupees: 30000 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  invoiceId = res.json().data.id;
});

describe('an invoice’s supporting documents', () => {
  it('the carrier attaches a weighbridge slip; the shipper lists and downloads the same bytes', async () => {
    const added = await upload(r.vayu, invoiceId);
    expect(added.statusCode, added.body).toBe(201);
    const doc = added.json().data;
    expect(doc).toMatchObject({ kind: 'weighbridge', fileName: 'weighbridge-slip.pdf', side: 'carrier' });
    const listed = (await call('GET', `/api/invoices/${invoiceId}/documents`, r.owner)).json().data as { id: number }[];
    expect(listed.map((d) => d.id)).toEqual([doc.id]);
    const file = await call('GET', `/api/invoices/${invoiceId}/documents/${doc.id}/download`, r.owner);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers['content-security-policy']).toContain('sandbox');
    // A slip attached by mistake is removed while the invoice is still under review.
    const mistake = (await upload(r.vayu, invoiceId)).json().data as { id: number };
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/carrier/invoices/${invoiceId}/documents/${mistake.id}`,
      headers: t.as(r.vayu),
    });
    expect(removed.json()).toEqual({ data: { id: mistake.id, deleted: true } });
    const after = (await call('GET', `/api/invoices/${invoiceId}/documents`, r.owner)).json().data as { id: number }[];
    expect(after.map((d) => d.id)).toEqual([doc.id]);
  });

  it('refuses a kind that is not a supporting document, naming it, and other carriers and shippers', async () => {
    const wrong = await upload(r.vayu, invoiceId, 'agreement');
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().error.fields)).toEqual(['kind']);
    expect((await upload(r.ganesh, invoiceId)).statusCode).toBe(404);
    expect((await call('GET', `/api/carrier/invoices/${invoiceId}/documents`, r.ganesh)).statusCode).toBe(404);
    const other = await t.login('noplan@demo.test');
    expect((await call('GET', `/api/invoices/${invoiceId}/documents`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/invoices/${invoiceId}/documents`, r.vayu)).statusCode).toBe(403);
  });

  it('freezes the documents once the invoice is approved', async () => {
    // No POD on the order (delivered by hand here): the audit flags the line, the shipper approves it anyway.
    const [line] = (await call('GET', `/api/invoices/${invoiceId}`, r.owner)).json().data.lines as { id: number }[];
    const approved = await call('POST', `/api/invoices/${invoiceId}/review`, r.owner, {
      decisions: [{ lineId: line?.id, decision: 'approve' }],
    });
    expect(approved.json().data.status, approved.body).toBe('approved');
    expect((await upload(r.vayu, invoiceId)).statusCode).toBe(403);
    const [doc] = (await call('GET', `/api/carrier/invoices/${invoiceId}/documents`, r.vayu)).json().data as { id: number }[];
    expect((await call('GET', `/api/carrier/invoices/${invoiceId}/documents/${doc?.id}/download`, r.vayu)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/carrier/invoices/${invoiceId}/documents/${doc?.id}`,
      headers: t.as(r.vayu),
    });
    expect(removed.statusCode).toBe(403);
  });
});
