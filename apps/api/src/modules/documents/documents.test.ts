import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@freightdesk/shared/constants';
import { documents } from '../../db/schema/documents.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { useTestApp } from '../../test/harness.ts';
import { setupProcurement } from '../../test/procurement.ts';

const t = useTestApp();
const dir = mkdtempSync(path.join(tmpdir(), 'fd-documents-'));
let owner = '';
let vayu = '';
let ganesh = '';
let vayuLink = 0;
let base: Record<string, unknown> = {};

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? t.as(token) : {}, payload });

type Part = { name: string; value?: string; file?: { name: string; data: Buffer; type?: string } };
/** A multipart/form-data body, built by hand so every byte is known. */
function form(parts: Part[]) {
  const boundary = `----freightdesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const filename = p.file ? `; filename="${p.file.name}"` : '';
    const type = p.file ? `Content-Type: ${p.file.type ?? 'application/octet-stream'}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${filename}\r\n${type}\r\n`));
    chunks.push(p.file ? p.file.data : Buffer.from(p.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (url: string, token: string | undefined, parts: Part[]) => {
  const body = form(parts);
  return t.app.inject({ method: 'POST', url, headers: { ...body.headers, ...(token ? t.as(token) : {}) }, payload: body.payload });
};
const fileParts = (name: string, data: Buffer, kind?: string): Part[] => [
  ...(kind ? [{ name: 'kind', value: kind }] : []),
  { name: 'file', file: { name, data } },
];

const pdf = (bytes = 6000) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes), Buffer.from('\n%%EOF\n')]);
const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(300)]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every file under the storage folder, temporary ones included. */
const filesOnDisk = () => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
const rowsOf = async (ownerType: 'request' | 'order', ownerId: number) => {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(documents)
    .where(and(eq(documents.ownerType, ownerType), eq(documents.ownerId, ownerId), isNull(documents.deletedAt)));
  return row?.n ?? 0;
};

async function newRequest(extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/requests/outbound', owner, { ...base, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** A staff member of the demo shipper with a new role holding just `permissions`. */
async function staffWith(name: string, permissions: string[], plantIds: number[] = []) {
  const role = await call('POST', '/api/roles', owner, { name: `${name} role`, permissions });
  expect(role.statusCode, role.body).toBe(201);
  const before = t.mails.length;
  const email = `${name.toLowerCase()}@demo.test`;
  const mobile = `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const made = await call('POST', '/api/staff', owner, { name, email, mobile, roleId: role.json().data.id, plantIds });
  expect(made.statusCode, made.body).toBe(201);
  const token = /#\/password\/reset\/([\w-]+)/.exec(t.mails[before]?.text ?? '')?.[1];
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password: 'Staff1234', passwordConfirmation: 'Staff1234' },
  });
  return t.login(email, 'Staff1234');
}

beforeAll(async () => {
  // Files go to a scratch folder, not the API's DATA_DIR.
  t.app.deps.storage = createLocalStorage(dir);
  ({ owner, vayu, ganesh, vayuLink, base } = await setupProcurement(t));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('request attachments (shipper)', () => {
  it('uploads, lists and downloads the same bytes under a random key', async () => {
    const id = await newRequest();
    const bytes = pdf();
    const res = await upload(`/api/requests/outbound/${id}/attachments`, owner, fileParts('Material spec (v2).pdf', bytes, 'material'));
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json().data;
    expect(doc).toMatchObject({
      ownerType: 'request',
      ownerId: id,
      kind: 'material',
      fileName: 'Material spec (v2).pdf',
      contentType: 'application/pdf',
      sizeBytes: bytes.length,
      sha256: sha(bytes),
      side: 'shipper',
      uploadedByName: 'Asha Kulkarni',
    });
    expect(doc).not.toHaveProperty('storageKey');
    const list = await call('GET', `/api/requests/outbound/${id}/attachments`, owner);
    expect(list.json().data.map((x: { id: number }) => x.id)).toEqual([doc.id]);

    const down = await call('GET', `/api/requests/outbound/${id}/attachments/${doc.id}/download`, owner);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.headers['content-disposition']).toContain('filename="Material spec (v2).pdf"');
    expect(down.headers['x-content-type-options']).toBe('nosniff');
    expect(down.rawPayload.equals(bytes)).toBe(true);
    expect(sha(down.rawPayload)).toBe(doc.sha256);

    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row?.storageKey).toMatch(/^documents\/\d{4}\/\d{2}\/[0-9a-f]{32}$/);
    expect(filesOnDisk().some((f) => f.includes('Material'))).toBe(false);
    expect(filesOnDisk()).toContain(path.join(...(row?.storageKey ?? '').split('/')));

    // Without a kind the file is 'other'; kind may also follow the file.
    const png1 = await upload(`/api/requests/outbound/${id}/attachments`, owner, [
      { name: 'file', file: { name: 'photo.PNG', data: png() } },
      { name: 'kind', value: 'instructions' },
    ]);
    expect(png1.json().data).toMatchObject({ kind: 'instructions', contentType: 'image/png' });
    const other = await upload(`/api/requests/outbound/${id}/attachments`, owner, fileParts('sheet.csv', Buffer.from('a,b\n1,2\n')));
    expect(other.json().data).toMatchObject({ kind: 'other', contentType: 'text/csv' });
  });

  it('answers 400 on `file` for a wrong type, a renamed file, an empty or too large file, no file; leaving nothing behind', async () => {
    const id = await newRequest();
    const url = `/api/requests/outbound/${id}/attachments`;
    const before = filesOnDisk();
    const cases: [string, Part[], RegExp][] = [
      ['exe', fileParts('tool.exe', Buffer.from('MZ\x90\x00')), /only PDF, JPEG, PNG, WebP, XLSX, XLS, CSV or DOCX/],
      ['no extension', fileParts('README', Buffer.from('hello')), /only PDF/],
      ['PNG bytes named .pdf', fileParts('invoice.pdf', png()), /invoice\.pdf does not look like a PDF/],
      [
        'EXE bytes named .jpg (large)',
        fileParts('truck.jpg', Buffer.concat([Buffer.from('MZ'), randomBytes(50_000)])),
        /not look like a JPEG/,
      ],
      ['binary named .csv', fileParts('rates.csv', Buffer.from([0x00, 0x01, 0x02, 0x41])), /not look like a CSV/],
      ['empty', fileParts('blank.pdf', Buffer.alloc(0)), /blank\.pdf is empty/],
      ['too large', fileParts('huge.pdf', pdf(MAX_DOCUMENT_BYTES)), /huge\.pdf is larger than the 10 MB limit/],
      ['no file', [{ name: 'kind', value: 'material' }], /Choose a file/],
      ['another field name', [{ name: 'upload', file: { name: 'a.pdf', data: pdf() } }], /field "file"/],
    ];
    for (const [label, parts, message] of cases) {
      const res = await upload(url, owner, parts);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      const error = res.json().error;
      expect(error.code, label).toBe('VALIDATION_FAILED');
      expect(error.fields.file, label).toMatch(message);
    }
    const json = await call('POST', url, owner, { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.fields.file).toMatch(/multipart/);
    // A bad kind after the file: the stored file is removed again.
    const kind = await upload(url, owner, [
      { name: 'file', file: { name: 'a.pdf', data: pdf() } },
      { name: 'kind', value: 'pod' },
    ]);
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error.fields).toHaveProperty('kind');
    const two = await upload(url, owner, [
      { name: 'file', file: { name: 'a.pdf', data: pdf() } },
      { name: 'file', file: { name: 'b.pdf', data: pdf() } },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().error.fields.file).toMatch(/one file/);

    expect(await rowsOf('request', id)).toBe(0);
    expect(filesOnDisk()).toEqual(before);
  });

  it('parses multipart on the document routes only, and they are in the API docs', async () => {
    const res = await upload('/api/requests/outbound', owner, fileParts('a.pdf', pdf()));
    expect(res.statusCode).toBe(415);
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(spec.json().paths)).toContain('/api/carrier/orders/{id}/documents/{docId}/download');
  });

  it('accepts a file of exactly the limit', async () => {
    const id = await newRequest();
    const bytes = pdf(MAX_DOCUMENT_BYTES - 16);
    expect(bytes.length).toBe(MAX_DOCUMENT_BYTES);
    const res = await upload(`/api/requests/outbound/${id}/attachments`, owner, fileParts('exact.pdf', bytes));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.sha256).toBe(sha(bytes));
  });

  it('leaves no file when the row cannot be written', async () => {
    const id = await newRequest();
    const before = filesOnDisk();
    await t.database.db.execute(sql`alter table documents add constraint documents_test_refuse check (file_name <> 'refused.pdf')`);
    try {
      const res = await upload(`/api/requests/outbound/${id}/attachments`, owner, fileParts('refused.pdf', pdf()));
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table documents drop constraint documents_test_refuse`);
    }
    expect(await rowsOf('request', id)).toBe(0);
    expect(filesOnDisk()).toEqual(before);
  });

  it('deletes: row marked deleted and audited, bytes gone', async () => {
    const id = await newRequest();
    const doc = (await upload(`/api/requests/outbound/${id}/attachments`, owner, fileParts('a.pdf', pdf()))).json().data;
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
    const del = await call('DELETE', `/api/requests/outbound/${id}/attachments/${doc.id}`, owner);
    expect(del.statusCode, del.body).toBe(200);
    expect((await call('GET', `/api/requests/outbound/${id}/attachments`, owner)).json().data).toEqual([]);
    expect((await call('GET', `/api/requests/outbound/${id}/attachments/${doc.id}/download`, owner)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/requests/outbound/${id}/attachments/${doc.id}`, owner)).statusCode).toBe(404);
    expect(filesOnDisk()).not.toContain(path.join(...(row?.storageKey ?? '').split('/')));
    const audit = await t.database.db.execute(
      sql`select action from audit_log where entity = 'request' and entity_id = ${id} and action in ('attach', 'detach') order by id`,
    );
    expect((audit as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual(['attach', 'detach']);
  });

  it('401 without a token, 403 without the permission, 404 for another shipper or direction', async () => {
    const id = await newRequest();
    const url = `/api/requests/outbound/${id}/attachments`;
    const doc = (await upload(url, owner, fileParts('a.pdf', pdf()))).json().data;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await upload(url, undefined, fileParts('a.pdf', pdf()))).statusCode).toBe(401);
    expect((await call('GET', `${url}/${doc.id}/download`)).statusCode).toBe(401);

    // The demo Dispatcher may add requests (so attach) but has no detail permission.
    const dispatcher = await t.login('staff@demo.test');
    const denied = await call('GET', url, dispatcher);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toMatch(/detail-outbound-request/);
    expect((await upload(url, dispatcher, fileParts('b.pdf', pdf()))).statusCode).toBe(201);
    // A viewer may read but not attach or delete.
    const viewer = await staffWith('Viewer', ['detail-outbound-request']);
    expect((await call('GET', url, viewer)).statusCode).toBe(200);
    const refused = await upload(url, viewer, fileParts('c.pdf', pdf()));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/edit-outbound-request/);
    expect((await call('DELETE', `${url}/${doc.id}`, viewer)).statusCode).toBe(403);
    expect((await call('GET', `/api/requests/inbound/${id}/attachments`, viewer)).statusCode).toBe(403);

    const before = filesOnDisk();
    const other = await t.login('noplan@demo.test');
    expect((await call('GET', url, other)).statusCode).toBe(404);
    expect((await call('GET', `${url}/${doc.id}/download`, other)).statusCode).toBe(404);
    expect((await upload(url, other, fileParts('x.pdf', pdf()))).statusCode).toBe(404);
    expect((await call('DELETE', `${url}/${doc.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/requests/inbound/${id}/attachments`, owner)).statusCode).toBe(404);
    expect((await call('GET', `/api/requests/outbound/${id}/attachments/999999/download`, owner)).statusCode).toBe(404);
    expect((await call('GET', '/api/carrier/requests/1/attachments', owner)).statusCode).toBe(403);
    expect(filesOnDisk()).toEqual(before);
  });
});

describe('request attachments (carrier)', () => {
  it('an invited carrier lists and downloads; one not invited, or a draft, is 404', async () => {
    const id = await newRequest({ carrierLinkIds: [vayuLink] });
    const bytes = pdf();
    const doc = (await upload(`/api/requests/outbound/${id}/attachments`, owner, fileParts('loading.pdf', bytes, 'instructions'))).json()
      .data;
    const list = await call('GET', `/api/carrier/requests/${id}/attachments`, vayu);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ materialHidden: false });
    expect(list.json().data[0]).toMatchObject({ id: doc.id, side: 'shipper', uploadedByName: 'Demo Industries' });
    const down = await call('GET', `/api/carrier/requests/${id}/attachments/${doc.id}/download`, vayu);
    expect(down.rawPayload.equals(bytes)).toBe(true);

    expect((await call('GET', `/api/carrier/requests/${id}/attachments`, ganesh)).statusCode).toBe(404);
    expect((await call('GET', `/api/carrier/requests/${id}/attachments/${doc.id}/download`, ganesh)).statusCode).toBe(404);
    expect((await upload(`/api/carrier/requests/${id}/attachments`, vayu, fileParts('x.pdf', pdf()))).statusCode).toBe(404);

    const draft = await newRequest({ publish: false, bidStartAt: new Date(Date.now() + 3_600_000).toISOString() });
    await upload(`/api/requests/outbound/${draft}/attachments`, owner, fileParts('a.pdf', pdf()));
    expect((await call('GET', `/api/carrier/requests/${draft}/attachments`, vayu)).statusCode).toBe(404);
  });

  it('hides every attachment from carriers while the request hides its material', async () => {
    const id = await newRequest({ hideMaterial: true });
    const doc = (await upload(`/api/requests/outbound/${id}/attachments`, owner, fileParts('product.pdf', pdf(), 'material'))).json().data;
    await upload(`/api/requests/outbound/${id}/attachments`, owner, fileParts('route.pdf', pdf(), 'instructions'));
    expect((await call('GET', `/api/requests/outbound/${id}/attachments`, owner)).json().data).toHaveLength(2);
    const list = await call('GET', `/api/carrier/requests/${id}/attachments`, vayu);
    expect(list.json()).toEqual({ data: [], materialHidden: true });
    expect((await call('GET', `/api/carrier/requests/${id}/attachments/${doc.id}/download`, vayu)).statusCode).toBe(404);
  });
});

describe('staff plant assignments', () => {
  it('a staff user of another plant gets 404, as on the request and order pages', async () => {
    const id = await newRequest({ vehicleCount: 1 });
    await upload(`/api/requests/outbound/${id}/attachments`, owner, fileParts('a.pdf', pdf()));
    const plants = (await call('GET', '/api/plants/options', owner)).json().data as { id: number }[];
    const otherPlant = plants.find((p) => p.id !== base.plantId)?.id ?? 0;
    const perms = ['detail-outbound-request', 'edit-outbound-request', 'list-outbound-order'];
    const elsewhere = await staffWith('Elsewhere', perms, [otherPlant]);
    const here = await staffWith('Here', perms, [base.plantId as number]);
    expect((await call('GET', `/api/requests/outbound/${id}`, elsewhere)).statusCode).toBe(404);
    expect((await call('GET', `/api/requests/outbound/${id}/attachments`, elsewhere)).statusCode).toBe(404);
    expect((await upload(`/api/requests/outbound/${id}/attachments`, elsewhere, fileParts('b.pdf', pdf()))).statusCode).toBe(404);
    expect((await call('GET', `/api/requests/outbound/${id}/attachments`, here)).json().data).toHaveLength(1);

    const order = await call('POST', '/api/offline-orders/outbound', owner, {
      carrierLinkId: vayuLink,
      plantId: base.plantId,
      vehicleTypeId: base.vehicleTypeId,
      priceRupees: 30000,
      pickupAt: new Date(Date.now() + 86_400_000).toISOString(),
      dropoffs: base.dropoffs,
    });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = order.json().data.id;
    expect((await call('GET', `/api/orders/outbound/${orderId}/documents`, elsewhere)).statusCode).toBe(404);
    expect((await upload(`/api/orders/outbound/${orderId}/documents`, here, fileParts('lr.pdf', pdf(), 'lr'))).statusCode).toBe(201);
  });
});

describe('order documents', () => {
  /** A closed request with a bid from each carrier, awarded: one order for each. */
  async function awardedOrders() {
    const id = await newRequest({ vehicleCount: 2 });
    await call('POST', `/api/carrier/requests/${id}/bids`, vayu, { amountRupees: 42000, vehicles: 1 });
    await call('POST', `/api/carrier/requests/${id}/bids`, ganesh, { amountRupees: 41000, vehicles: 1 });
    await t.database.db.execute(sql`update transport_requests set status = 'closed' where id = ${id}`);
    const board = (await call('GET', `/api/requests/outbound/${id}/bids`, owner)).json().data as { id: number; carrierName: string }[];
    const awarded = await call('POST', `/api/requests/outbound/${id}/award`, owner, {
      awards: board.map((b) => ({ bidId: b.id, vehicles: 1 })),
    });
    expect(awarded.statusCode, awarded.body).toBe(201);
    const orders = awarded.json().data as { id: number; carrierName: string }[];
    const of = (name: string) => orders.find((o) => o.carrierName.startsWith(name))?.id ?? 0;
    return { vayuOrder: of('Vayu'), ganeshOrder: of('Shree') };
  }

  it('the carrier uploads on its own order; it shows in the shipper list and the order timeline', async () => {
    const { vayuOrder } = await awardedOrders();
    const bytes = png();
    const res = await upload(`/api/carrier/orders/${vayuOrder}/documents`, vayu, fileParts('pod.png', bytes, 'pod'));
    expect(res.statusCode, res.body).toBe(201);
    const pod = res.json().data;
    expect(pod).toMatchObject({ ownerType: 'order', kind: 'pod', side: 'carrier', uploadedByName: 'Imran Khan', sha256: sha(bytes) });

    const shipperList = (await call('GET', `/api/orders/outbound/${vayuOrder}/documents`, owner)).json().data;
    expect(shipperList[0]).toMatchObject({ id: pod.id, side: 'carrier', uploadedByName: 'Vayu Roadlines' });
    const down = await call('GET', `/api/orders/outbound/${vayuOrder}/documents/${pod.id}/download`, owner);
    expect(down.headers['content-type']).toBe('image/png');
    expect(down.rawPayload.equals(bytes)).toBe(true);
    expect((await call('GET', `/api/carrier/orders/${vayuOrder}/documents/${pod.id}/download`, vayu)).rawPayload.equals(bytes)).toBe(true);

    const detail = (await call('GET', `/api/orders/outbound/${vayuOrder}`, owner)).json().data;
    const last = detail.timeline.at(-1);
    expect(last).toMatchObject({ from: 'placed', to: 'placed', reason: 'Document added: Proof of delivery (POD) · pod.png' });
    expect(detail.status).toBe('placed');

    const invoice = await upload(`/api/orders/outbound/${vayuOrder}/documents`, owner, fileParts('INV-77.pdf', pdf(), 'invoice'));
    expect(invoice.statusCode, invoice.body).toBe(201);
    const carrierList = (await call('GET', `/api/carrier/orders/${vayuOrder}/documents`, vayu)).json().data;
    expect(carrierList.map((x: { kind: string; uploadedByName: string }) => [x.kind, x.uploadedByName])).toEqual([
      ['invoice', 'Demo Industries'],
      ['pod', 'Imran Khan'],
    ]);
  });

  it('each side deletes only its own uploads; deletes reach the timeline', async () => {
    const { vayuOrder } = await awardedOrders();
    const pod = (await upload(`/api/carrier/orders/${vayuOrder}/documents`, vayu, fileParts('pod.pdf', pdf(), 'pod'))).json().data;
    const lr = (await upload(`/api/orders/outbound/${vayuOrder}/documents`, owner, fileParts('lr.pdf', pdf(), 'lr'))).json().data;
    const shipperTries = await call('DELETE', `/api/orders/outbound/${vayuOrder}/documents/${pod.id}`, owner);
    expect(shipperTries.statusCode).toBe(403);
    expect(shipperTries.json().error.message).toMatch(/uploaded by the carrier/);
    expect((await call('DELETE', `/api/carrier/orders/${vayuOrder}/documents/${lr.id}`, vayu)).statusCode).toBe(403);
    expect(await rowsOf('order', vayuOrder)).toBe(2);

    expect((await call('DELETE', `/api/carrier/orders/${vayuOrder}/documents/${pod.id}`, vayu)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/orders/outbound/${vayuOrder}/documents/${lr.id}`, owner)).statusCode).toBe(200);
    expect(await rowsOf('order', vayuOrder)).toBe(0);
    const reasons = (await call('GET', `/api/orders/outbound/${vayuOrder}`, owner))
      .json()
      .data.timeline.map((e: { reason: string }) => e.reason)
      .slice(-4);
    expect(reasons).toEqual([
      'Document added: Proof of delivery (POD) · pod.pdf',
      'Document added: Lorry receipt (LR) · lr.pdf',
      'Document deleted: Proof of delivery (POD) · pod.pdf',
      'Document deleted: Lorry receipt (LR) · lr.pdf',
    ]);
  });

  it('404 for another carrier’s order, another shipper and the other direction; 403 without the order permission', async () => {
    const { vayuOrder, ganeshOrder } = await awardedOrders();
    const doc = (await upload(`/api/carrier/orders/${vayuOrder}/documents`, vayu, fileParts('pod.pdf', pdf(), 'pod'))).json().data;
    const before = filesOnDisk();
    expect((await call('GET', `/api/carrier/orders/${vayuOrder}/documents`, ganesh)).statusCode).toBe(404);
    expect((await call('GET', `/api/carrier/orders/${vayuOrder}/documents/${doc.id}/download`, ganesh)).statusCode).toBe(404);
    expect((await upload(`/api/carrier/orders/${vayuOrder}/documents`, ganesh, fileParts('x.pdf', pdf()))).statusCode).toBe(404);
    expect((await call('DELETE', `/api/carrier/orders/${vayuOrder}/documents/${doc.id}`, ganesh)).statusCode).toBe(404);
    // A document id of another order is not found through this one.
    expect((await call('GET', `/api/carrier/orders/${ganeshOrder}/documents/${doc.id}/download`, ganesh)).statusCode).toBe(404);

    const other = await t.login('noplan@demo.test');
    expect((await call('GET', `/api/orders/outbound/${vayuOrder}/documents`, other)).statusCode).toBe(404);
    expect((await upload(`/api/orders/outbound/${vayuOrder}/documents`, other, fileParts('x.pdf', pdf()))).statusCode).toBe(404);
    expect((await call('GET', `/api/orders/inbound/${vayuOrder}/documents`, owner)).statusCode).toBe(404);
    expect(filesOnDisk()).toEqual(before);

    const dispatcher = await t.login('staff@demo.test');
    expect((await call('GET', `/api/orders/outbound/${vayuOrder}/documents`, dispatcher)).statusCode).toBe(200);
    const inbound = await call('GET', `/api/orders/inbound/${vayuOrder}/documents`, dispatcher);
    expect(inbound.statusCode).toBe(403);
    expect((await call('GET', `/api/carrier/orders/${vayuOrder}/documents`, owner)).statusCode).toBe(403);
    expect((await call('GET', `/api/orders/outbound/${vayuOrder}/documents`)).statusCode).toBe(401);
    const bad = await upload(`/api/carrier/orders/${vayuOrder}/documents`, vayu, fileParts('x.pdf', pdf(), 'material'));
    expect(bad.json().error.fields.kind).toMatch(/lr, pod, invoice, eway_bill, other/);
  });
});
