import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './harness.ts';

export type ResourceSuite = {
  /** e.g. '/api/stops' */
  base: string;
  /** A valid body; `unique` fields are varied per create with `variant`. */
  valid: Record<string, unknown>;
  variant: (n: number) => Record<string, unknown>;
  /** Bad patches and the field each must name. */
  invalid: [Record<string, unknown>, string][];
  /** A patch to apply on edit, and a field to read back. */
  edit: [Record<string, unknown>, string];
  /** A search word that finds the created row. */
  search: string;
  /** Fields known only at run time (ids of the owner's records), merged into `valid`. */
  prepare?: (ownerToken: string) => Promise<Record<string, unknown>>;
  /** The demo staff role may list these (but not add): only its writes are refused. */
  staffMayList?: boolean;
  /** False for records only ever deactivated (no delete call). */
  deletable?: boolean;
  /** Makes a record of another shipper and returns its id (default: noplan@ creates one by API). */
  foreign?: () => Promise<number>;
};

/**
 * The checks every shipper master must pass: 200/201 for the owner, 400 naming the field,
 * 401 without a token, 403 for staff without the permission, 404 for another shipper's record,
 * activate/deactivate, and delete of an unreferenced row.
 */
export function describeTenantResource(t: TestContext, s: ResourceSuite) {
  let owner = '';
  let staff = '';
  let foreignId = 0;
  let n = 0;
  let prepared: Record<string, unknown> = {};
  const body = () => ({ ...s.valid, ...prepared, ...s.variant(++n) });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.as(token), payload });

  beforeAll(async () => {
    owner = await t.login('owner@demo.test');
    staff = await t.login('staff@demo.test');
    prepared = (await s.prepare?.(owner)) ?? {};
    if (s.foreign) {
      foreignId = await s.foreign();
      return;
    }
    const other = await t.login('noplan@demo.test');
    const res = await call('POST', s.base, other, body());
    expect(res.statusCode, res.body).toBe(201);
    foreignId = res.json().data.id;
  });

  describe(`${s.base} (shared master checks)`, () => {
    it('creates, reads, lists, searches and edits for the owner', async () => {
      const created = await call('POST', s.base, owner, body());
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id;
      expect((await call('GET', `${s.base}/${id}`, owner)).json().data.id).toBe(id);
      const list = (await call('GET', `${s.base}?search=${encodeURIComponent(s.search)}`, owner)).json();
      expect(list.data.map((r: { id: number }) => r.id)).toContain(id);
      expect(list.data.map((r: { id: number }) => r.id)).not.toContain(foreignId);
      const [patch, field] = s.edit;
      const edited = await call('PUT', `${s.base}/${id}`, owner, { ...s.valid, ...prepared, ...s.variant(n), ...patch });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data[field]).toEqual(patch[field]);
    });

    it('answers 400 naming the bad field and stores nothing', async () => {
      const before = (await call('GET', s.base, owner)).json().total;
      for (const [patch, field] of s.invalid) {
        const res = await call('POST', s.base, owner, { ...body(), ...patch });
        expect(res.statusCode, field).toBe(400);
        expect(Object.keys(res.json().error.fields ?? {}), field).toContain(field);
      }
      expect((await call('GET', s.base, owner)).json().total).toBe(before);
    });

    it('answers 401 without a token and 403 without the permission', async () => {
      expect((await t.app.inject({ method: 'GET', url: s.base })).statusCode).toBe(401);
      expect((await call('GET', s.base, staff)).statusCode).toBe(s.staffMayList ? 200 : 403);
      expect((await call('POST', s.base, staff, body())).statusCode).toBe(403);
      expect((await call('GET', s.base, await t.login('carrier@demo.test'))).statusCode).toBe(403);
    });

    it('answers 404 for another shipper’s record, whatever the call', async () => {
      expect((await call('GET', `${s.base}/${foreignId}`, owner)).statusCode).toBe(404);
      expect((await call('PUT', `${s.base}/${foreignId}`, owner, body())).statusCode).toBe(404);
      expect((await call('POST', `${s.base}/${foreignId}/status`, owner, { status: 'inactive' })).statusCode).toBe(404);
      expect((await call('DELETE', `${s.base}/${foreignId}`, owner)).statusCode).toBe(404);
    });

    it('exports the filtered rows as CSV and XLSX', async () => {
      await call('POST', s.base, owner, body());
      const q = `search=${encodeURIComponent(s.search)}`;
      const list = (await call('GET', `${s.base}?${q}&pageSize=100`, owner)).json();
      const csv = await call('GET', `${s.base}/export?format=csv&${q}`, owner);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(/attachment; filename=".+\.csv"/);
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines.length).toBe(list.total + 1);
      const xlsx = await call('GET', `${s.base}/export?format=xlsx&${q}`, owner);
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0]?.rowCount).toBe(list.total + 1);
      expect((await call('GET', `${s.base}/export?format=pdf`, owner)).json().error.fields).toHaveProperty('format');
      expect((await call('GET', `${s.base}/export?format=csv`, staff)).statusCode).toBe(s.staffMayList ? 200 : 403);
    });

    it('deactivates, filters by status, re-activates and deletes an unused record', async () => {
      const id = (await call('POST', s.base, owner, body())).json().data.id;
      const off = await call('POST', `${s.base}/${id}/status`, owner, { status: 'inactive' });
      expect(off.json().data.status).toBe('inactive');
      const inactive = (await call('GET', `${s.base}?status=inactive&pageSize=100`, owner)).json().data;
      expect(inactive.map((r: { id: number }) => r.id)).toContain(id);
      expect((await call('POST', `${s.base}/${id}/status`, owner, { status: 'active' })).json().data.status).toBe('active');
      if (s.deletable === false) {
        expect((await call('DELETE', `${s.base}/${id}`, owner)).statusCode).toBe(404);
        return;
      }
      expect((await call('DELETE', `${s.base}/${id}`, owner)).statusCode).toBe(200);
      expect((await call('GET', `${s.base}/${id}`, owner)).statusCode).toBe(404);
    });
  });
}
