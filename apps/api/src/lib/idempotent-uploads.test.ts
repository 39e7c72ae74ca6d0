import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form } from '../test/execution.ts';
import { useTestApp } from '../test/harness.ts';
import { CLIENT_HEADING, clientRow, csvOf, multipartFile } from '../test/import-files.ts';
import { setupProcurement } from '../test/procurement.ts';
import { createLocalStorage } from './storage.ts';

// An upload's Idempotency-Key stands for what was uploaded (the file's hash, its name, the form's
// fields), not for the body's bytes: a browser frames each retry with a new random boundary, and
// another file of the same size is another request.

const t = useTestApp();
const dir = mkdtempSync(path.join(tmpdir(), 'fd-idempotent-uploads-'));
let owner = '';
let base: Record<string, unknown> = {};

beforeAll(async () => {
  t.app.deps.storage = createLocalStorage(dir);
  ({ owner, base } = await setupProcurement(t));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const filesOnDisk = () => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
const count = async (query: ReturnType<typeof sql>) =>
  Number(((await t.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n);
const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3000), Buffer.from('\n%%EOF\n')]);

describe('an upload retried with its Idempotency-Key', () => {
  it('stores a document once; another file of the same size, or another kind, with that key is refused and leaves nothing', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/requests/outbound', headers: t.as(owner), payload: base });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const send = (data: Buffer, kind = 'material') => {
      // A new random boundary on every call, as a browser's retry has.
      const body = form([
        { name: 'kind', value: kind },
        { name: 'file', file: { name: 'spec.pdf', data } },
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api/requests/outbound/${id}/attachments`,
        headers: { ...body.headers, ...t.as(owner), 'idempotency-key': `attach-${id}-spec` },
        payload: body.payload,
      });
    };
    const attachments = () => count(sql`select count(*)::int as n from documents where owner_type = 'request' and owner_id = ${id}`);
    const file = pdf();
    const other = pdf();
    expect(other.length).toBe(file.length);

    const first = await send(file);
    expect(first.statusCode, first.body).toBe(201);
    const files = filesOnDisk().length;
    const again = await send(file);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());

    for (const refused of [await send(other), await send(file, 'other')]) {
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect(await attachments()).toBe(1);
    expect(filesOnDisk().length).toBe(files);
  });

  it('imports a sheet once; another sheet with that key is refused', async () => {
    const send = (data: Buffer) => {
      const body = multipartFile('clients.csv', data);
      return t.app.inject({
        method: 'POST',
        url: '/api/clients/import',
        headers: { ...body.headers, ...t.as(owner), 'idempotency-key': 'clients-import-once' },
        payload: body.payload,
      });
    };
    const clients = () => count(sql`select count(*)::int as n from parties where company like 'Retried client%'`);
    const sheet = csvOf([CLIENT_HEADING, clientRow(1, 'Retried client A')]);
    const first = await send(sheet);
    expect(first.statusCode, first.body).toBeLessThan(300);
    const again = await send(sheet);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const refused = await send(csvOf([CLIENT_HEADING, clientRow(2, 'Retried client B')]));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(await clients()).toBe(1);
  });
});
