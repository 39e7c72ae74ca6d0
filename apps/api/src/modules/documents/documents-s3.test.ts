import { createHash, randomBytes } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@freightdesk/shared/constants';
import { documents } from '../../db/schema/documents.ts';
import { createS3Storage, type S3Storage } from '../../lib/storage-s3.ts';
import { useTestApp } from '../../test/harness.ts';
import { setupProcurement } from '../../test/procurement.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';

/**
 * The app on the S3 store as production builds it (FILE_STORE=s3 and S3_* read by the
 * configuration, the endpoint on OUTBOUND_ALLOW): a document goes into the bucket under its key
 * and comes back through the API's download, under the same checks as on the folder store.
 */
let s3: TestS3Server | undefined;
beforeAll(async () => {
  s3 = await startS3Server();
});
const t = useTestApp({ env: () => s3?.env ?? {} });
let bucket: S3Storage;
let owner = '';
let base: Record<string, unknown> = {};

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes), Buffer.from('\n%%EOF\n')]);

function upload(url: string, name: string, data: Buffer) {
  const boundary = `----freightdesk${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, ...t.as(owner) };
  return t.app.inject({ method: 'POST', url, headers, payload });
}

const objectsInBucket = async () => {
  const listed = await bucket.client.send(new ListObjectsV2Command({ Bucket: bucket.bucket }));
  return (listed.Contents ?? []).map((o) => o.Key);
};

beforeAll(async () => {
  if (!s3) {
    throw new Error('the S3 server starts before the app');
  }
  bucket = createS3Storage(s3.config);
  ({ owner, base } = await setupProcurement(t));
});
afterAll(async () => {
  bucket?.close();
  await s3?.stop();
});

describe('documents on the S3 store', () => {
  it('reports the bucket ready', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().checks.storage).toBe('ok');
  });

  it('keeps an uploaded attachment in the bucket under its key and serves it back through the API', async () => {
    const made = await t.app.inject({ method: 'POST', url: '/api/requests/outbound', headers: t.as(owner), payload: base });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    const bytes = pdf(200_000);
    const res = await upload(`/api/requests/outbound/${id}/attachments`, 'Spec.pdf', bytes);
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json().data;
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
    const key = row?.storageKey ?? '';
    expect(key).toMatch(/^documents\/\d{4}\/\d{2}\/[0-9a-f]{32}$/);
    expect(await bucket.sizeOf(key)).toBe(bytes.length);

    const down = await t.app.inject({
      method: 'GET',
      url: `/api/requests/outbound/${id}/attachments/${doc.id}/download`,
      headers: t.as(owner),
    });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(sha(down.rawPayload)).toBe(sha(bytes));
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/requests/outbound/${id}/attachments/${doc.id}/download` });
    expect(anonymous.statusCode).toBe(401);

    const gone = await t.app.inject({ method: 'DELETE', url: `/api/requests/outbound/${id}/attachments/${doc.id}`, headers: t.as(owner) });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await bucket.sizeOf(key)).toBeUndefined();
  });

  it('a file over the limit is refused naming the field and leaves nothing in the bucket', async () => {
    const made = await t.app.inject({ method: 'POST', url: '/api/requests/outbound', headers: t.as(owner), payload: base });
    const id = made.json().data.id as number;
    const before = await objectsInBucket();
    const res = await upload(`/api/requests/outbound/${id}/attachments`, 'huge.pdf', pdf(MAX_DOCUMENT_BYTES));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields.file).toMatch(/huge\.pdf is larger than the 10 MB limit/);
    expect(await objectsInBucket()).toEqual(before);
  });
});

describe('report exports on the S3 store', () => {
  it('the export job streams its file into the bucket and the download serves it', async () => {
    const before = await objectsInBucket();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/exports',
      headers: t.as(owner),
      payload: { report: 'order-register', format: 'csv', params: { direction: 1 } },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const id = asked.json().data.id as number;
    await t.app.deps.jobs.tick();
    const done = await t.app.inject({ method: 'GET', url: `/api/exports/${id}`, headers: t.as(owner) });
    expect(done.json().data.status, done.body).toBe('done');
    const added = (await objectsInBucket()).filter((k) => !before.includes(k));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^exports\//);
    const file = await t.app.inject({ method: 'GET', url: `/api/exports/${id}/file`, headers: t.as(owner) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('"Pickup Date"');
    expect(Number(await bucket.sizeOf(added[0] ?? ''))).toBe(file.rawPayload.length);
  });
});
