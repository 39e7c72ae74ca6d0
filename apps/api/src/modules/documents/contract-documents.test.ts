import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractedLane } from '../../test/contracts.ts';
import { caller } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { multipartFile } from '../../test/import-files.ts';
import { type Procurement, setupProcurement } from '../../test/procurement.ts';
import { createStaff } from '../../test/staff.ts';

const t = useTestApp();
const call = caller(t);
let p: Procurement;
let lane: Awaited<ReturnType<typeof contractedLane>>;
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 66), Buffer.from('\n%%EOF\n')]);

const upload = (url: string, token: string, kind: string, name = 'terms.pdf') => {
  const form = multipartFile(name, pdf, { fields: { kind } });
  return t.app.inject({ method: 'POST', url, headers: { ...form.headers, ...t.as(token) }, payload: form.payload });
};

beforeAll(async () => {
  p = await setupProcurement(t);
  lane = await contractedLane(t, p, 60);
});

describe('RFQ attachments and contract documents', () => {
  it('lets the shipper attach files to an RFQ that its invited carriers read, unless the RFQ hides its material', async () => {
    const path = `/rfqs/${lane.rfqId}/attachments`;
    const url = `/api${path}`;
    expect((await upload(url, p.owner, 'agreement')).statusCode).toBe(400);
    const added = await upload(url, p.owner, 'instructions', 'loading-instructions.pdf');
    expect(added.statusCode, added.body).toBe(201);
    const docId = added.json().data.id;
    expect((await call('GET', url, p.owner)).json().data.map((d: { fileName: string }) => d.fileName)).toEqual([
      'loading-instructions.pdf',
    ]);
    const seen = await call('GET', `/api/carrier${path}`, p.ganesh);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toHaveLength(1);
    const file = await call('GET', `/api/carrier${path}/${docId}/download`, p.ganesh);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 8).toString()).toBe('%PDF-1.7');
    // A carrier cannot add or delete; a hidden-material RFQ hides its files from carriers.
    expect((await upload(url, p.vayu, 'other')).statusCode).toBe(403);
    await t.database.db.execute(sql`update rfqs set hide_material = true where id = ${lane.rfqId}`);
    expect((await call('GET', `/api/carrier${path}`, p.ganesh)).json()).toMatchObject({ data: [], materialHidden: true });
    expect((await call('GET', `/api/carrier${path}/${docId}/download`, p.ganesh)).statusCode).toBe(404);
    await t.database.db.execute(sql`update rfqs set hide_material = false where id = ${lane.rfqId}`);
    const stranger = await t.login('noplan@demo.test');
    expect((await call('GET', url, stranger)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${docId}`, headers: t.as(p.owner) })).statusCode).toBe(200);
    expect((await call('GET', url, p.owner)).json().data).toEqual([]);
  });

  it("keeps a contract's signed agreement for the shipper and that contract's carrier only", async () => {
    const vayuContract = lane.contracts.find((c) => c.carrierLinkId === p.vayuLink)?.contractId ?? 0;
    const path = `/contracts/${vayuContract}/documents`;
    const url = `/api${path}`;
    const added = await upload(url, p.owner, 'agreement', 'signed-agreement.pdf');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ kind: 'agreement', ownerType: 'contract' });
    expect((await call('GET', `/api/carrier${path}`, p.vayu)).json().data).toHaveLength(1);
    expect((await call('GET', `/api/carrier${path}`, p.ganesh)).statusCode).toBe(404);
    const reader = (await createStaff(t, p.owner, { permissions: ['list-rfp'] })).token;
    expect((await call('GET', url, reader)).statusCode).toBe(403);
    expect((await upload(url, reader, 'sla')).statusCode).toBe(403);
  });
});
