import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage.ts';
import { useTestApp } from '../../test/harness.ts';
import { seedDemoFreight } from './demo-freight.ts';
import { receiptPdf, seedDemoMoney } from './demo-money.ts';

const t = useTestApp();
const root = mkdtempSync(path.join(tmpdir(), 'freightdesk-demo-money-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('demo money', () => {
  it('gives the payment summary, the audit and the carrier’s invoices real figures, made through the services', async () => {
    await seedDemoFreight(t.database.db);
    await seedDemoMoney(t.database.db, createLocalStorage(root));
    const get = async (url: string, token: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: t.as(token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const owner = await t.login('owner@demo.test');
    const vayu = await t.login('carrier@demo.test');
    const list = (await get('/api/invoices?pageSize=25', owner)).data as { id: number; number: string; status: string }[];
    expect(list.map((i) => [i.number, i.status]).sort()).toEqual([
      ['VR/26-27/0101', 'partly_paid'],
      ['VR/26-27/0102', 'submitted'],
    ]);
    const review = (await get(`/api/invoices/${list.find((i) => i.status === 'submitted')?.id}`, owner)).data;
    // The ₹42,000 freight line is above the trip's ₹40,500 rate: the audit flags it, the others match.
    const audits = review.lines.map((l: { kind: string; amountPaise: number; audit: string }) => [l.kind, l.amountPaise / 100, l.audit]);
    expect(audits).toEqual(
      expect.arrayContaining([
        ['freight', 40_500, 'match'],
        ['freight', 42_000, 'differs'],
        ['unloading', 1_200, 'unchecked'],
      ]),
    );
    const summary = (await get('/api/invoices/summary', owner)).data;
    expect(JSON.stringify(summary)).toContain('Vayu Roadlines');
    const mine = (await get('/api/carrier/invoices?pageSize=25', vayu)).data as { number: string }[];
    expect(mine).toHaveLength(2);
    // The POD is a real PDF the order's documents serve.
    expect(receiptPdf(['x']).subarray(0, 8).toString()).toBe('%PDF-1.4');
  });
});
