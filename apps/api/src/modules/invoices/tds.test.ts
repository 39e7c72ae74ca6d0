import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { financialYear } from '@freightdesk/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFreight } from '../../db/seed/demo-freight.ts';
import { seedDemoMoney } from '../../db/seed/demo-money.ts';
import { indiaToday } from '../../lib/india-time.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { useTestApp } from '../../test/harness.ts';
import { TDS_REGISTER_COLUMNS, TDS_SECTION } from './tds-register.ts';

/**
 * TDS on freight through the API (issue 33): the payment's preview and record, the carrier's
 * declaration and certificate, the register. The arithmetic of each figure is written beside it.
 */
const t = useTestApp();
const root = mkdtempSync(path.join(tmpdir(), 'freightdesk-tds-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let owner: string;
let vayu: string;
let first: number;
let second: number;
const today = indiaToday();
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(token), payload });
const preview = async (id: number, amountRupees: number) => {
  const res = await call('POST', `/api/invoices/${id}/payments/preview`, owner, { amountRupees, paidOn: today });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    basePaise: number;
    deductedOnPaise: number;
    tdsPaise: number;
    netPaise: number;
    rule: string;
    ratePct: number;
  };
};

beforeAll(async () => {
  // The demo's money: Vayu (PAN AABCV1234K, a company) was paid ₹20,000 of VR/26-27/0101 (₹40,500); VR/26-27/0102 (₹83,700) waits.
  await seedDemoFreight(t.database.db);
  await seedDemoMoney(t.database.db, createLocalStorage(root));
  owner = await t.login('owner@demo.test');
  vayu = await t.login('carrier@demo.test');
  const list = (await call('GET', '/api/invoices?pageSize=25', owner)).json().data as { id: number; number: string }[];
  first = list.find((i) => i.number === 'VR/26-27/0101')?.id ?? 0;
  second = list.find((i) => i.number === 'VR/26-27/0102')?.id ?? 0;
  await t.database.db.execute(
    sql`update invoices set status = 'approved', approved_paise = total_paise, approved_taxable_paise = taxable_paise, due_date = current_date where id = ${second}`,
  );
});

describe('TDS on a payment', () => {
  it('deducts nothing while the payment is ≤ ₹30,000 and the year ≤ ₹1,00,000', async () => {
    // ₹20,500 now, ₹20,000 before: ₹40,500 in the year.
    expect(await preview(first, 20_500)).toMatchObject({ tdsPaise: 0, netPaise: 20_500_00, rule: 'below_threshold' });
  });

  it('deducts 2% of the year once it passes ₹1,00,000, the earlier ₹20,000 caught up; the bank gets the rest', async () => {
    // ₹83,700 + ₹20,000 = ₹1,03,700 deducted on; 2% = ₹2,074; ₹83,700 − ₹2,074 = ₹81,626 to the bank.
    expect(await preview(second, 83_700)).toMatchObject({
      basePaise: 83_700_00,
      deductedOnPaise: 1_03_700_00,
      tdsPaise: 2_074_00,
      netPaise: 81_626_00,
      rule: 'other',
      ratePct: 2,
    });
    const body = { amountRupees: 83_700, paidOn: today, reference: 'UTR/HDFC/TDS0001' };
    const paid = await call('POST', `/api/invoices/${second}/payments`, owner, body);
    expect(paid.statusCode, paid.body).toBe(201);
    // The same UTR again, without an Idempotency-Key, records nothing more.
    expect((await call('POST', `/api/invoices/${second}/payments`, owner, body)).statusCode).toBe(201);
    const detail = (await call('GET', `/api/carrier/invoices/${second}`, vayu)).json().data;
    expect(detail.status).toBe('paid');
    expect(detail.payments).toHaveLength(1);
    expect(detail.payments[0]).toMatchObject({ amountPaise: 83_700_00, tdsPaise: 2_074_00, netPaise: 81_626_00, tdsRule: 'other' });
    const told = (await call('GET', '/api/notifications?pageSize=25', vayu)).json().data as { msg: string }[];
    expect(told.some((n) => n.msg.includes('₹81,626.00 to your bank, TDS ₹2,074.00'))).toBe(true);
  });

  it('lists every payment in the register for the 26Q return, with the section, the PAN and the remark', async () => {
    const res = await call('GET', `/api/invoices/tds-register?from=${today}&to=${today}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [head, ...rows] = res.body.trim().split('\r\n');
    expect(head).toBe(TDS_REGISTER_COLUMNS.map((c) => `"${c}"`).join(','));
    const cells = rows.map((r) => r.slice(1, -1).split('","'));
    expect(cells).toEqual([
      ['Vayu Roadlines', 'AABCV1234K', TDS_SECTION, today, '20000.00', '0.00', '0.00', '0', 'Y', '', 'VR/26-27/0101', 'UTR/HDFC/26112401'],
      [
        'Vayu Roadlines',
        'AABCV1234K',
        TDS_SECTION,
        today,
        '83700.00',
        '103700.00',
        '2074.00',
        '2',
        '',
        '',
        'VR/26-27/0102',
        'UTR/HDFC/TDS0001',
      ],
    ]);
    expect((await call('GET', `/api/invoices/tds-register?from=${today}&to=2020-01-01`, owner)).json().error.fields.to).toBeTruthy();
    expect((await call('GET', `/api/invoices/tds-register?from=${today}&to=${today}`, vayu)).statusCode).toBe(403);
    const other = await call('GET', `/api/invoices/tds-register?from=${today}&to=${today}`, await t.login('noplan@demo.test'));
    expect(other.statusCode, other.body).toBe(200);
    expect(other.body.trim().split('\r\n')).toEqual([head]);
  });

  it('takes a lower-deduction certificate’s rate for the shipper it names', async () => {
    const industryId = Number(
      (
        (await t.database.db.execute(sql`select industry_id from invoices where id = ${first}`)) as unknown as {
          rows: { industry_id: number }[];
        }
      ).rows[0]?.industry_id,
    );
    const cert = { industryId, number: 'LDC/26/0042', ratePct: 0.5, validFrom: today, validTo: today, limitRupees: 1_00_000 };
    const added = await call('POST', '/api/carrier/company/tds/certificates', vayu, cert);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.certificates[0]).toMatchObject({ number: 'LDC/26/0042', shipperName: expect.any(String), usedPaise: 0 });
    expect((await call('POST', '/api/carrier/company/tds/certificates', vayu, cert)).json().error.fields.number).toContain('already');
    const stranger = await call('POST', '/api/carrier/company/tds/certificates', vayu, { ...cert, industryId: 999_999 });
    expect(stranger.json().error.fields.industryId).toBeTruthy();
    expect(
      (await call('POST', '/api/carrier/company/tds/certificates', vayu, { ...cert, ratePct: 2 })).json().error.fields.ratePct,
    ).toBeTruthy();
    // The year is past ₹1,00,000 and all deducted on: 0.5% × ₹20,500 = ₹102.50, to the rupee ₹103.
    expect(await preview(first, 20_500)).toMatchObject({ tdsPaise: 103_00, rule: 'certificate', ratePct: 0.5 });
  });

  it('deducts nothing once the carrier declares ten or fewer goods carriages for the year (194C(6))', async () => {
    const fy = financialYear(new Date()).label;
    const tooMany = await call('PUT', '/api/carrier/company/tds/declaration', vayu, {
      financialYear: fy,
      carriages: 11,
      declaredOn: today,
    });
    expect(tooMany.json().error.fields.carriages).toContain('ten or fewer');
    const declared = await call('PUT', '/api/carrier/company/tds/declaration', vayu, {
      financialYear: fy,
      carriages: 8,
      declaredOn: today,
    });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json().data.declarations).toEqual([{ financialYear: fy, carriages: 8, declaredOn: today }]);
    expect(await preview(first, 20_500)).toMatchObject({ tdsPaise: 0, netPaise: 20_500_00, rule: 'declaration' });
    // Only the carrier's users write its TDS profile; another carrier reads its own, empty.
    expect(
      (await call('PUT', '/api/carrier/company/tds/declaration', owner, { financialYear: fy, carriages: 8, declaredOn: today })).statusCode,
    ).toBe(403);
    const sahyadri = (await call('GET', '/api/carrier/company/tds', await t.login('carrier2@demo.test'))).json().data;
    expect(sahyadri).toMatchObject({ declarations: [], certificates: [] });
  });
});
