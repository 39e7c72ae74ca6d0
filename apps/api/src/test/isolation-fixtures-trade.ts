import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { closeRound } from '../modules/rfqs/rfq-rounds.service.ts';
import { indiaToday } from '../lib/india-time.ts';
import { multipartFile } from './import-files.ts';
import { MARK, type Maker } from './isolation-maker.ts';
import { webhookFixture } from './isolation-webhooks.ts';
import { hoursFromNow } from './procurement.ts';

/**
 * The isolation fixtures' later steps (createFixtures in isolation-fixtures.ts): the contract and
 * its indent, the documents, the carrier's invoice, the owner's account records and the payments.
 */
/** An RFQ quoted by Vayu and awarded (a contract), and an indent on its lane; answers the RFQ's id. */
export async function makeRfqContractIndent({ t, p, call, made, ids }: Maker, plantId: number, stop: number): Promise<number> {
  const rfq = await made(
    '/api/rfqs',
    {
      title: `${MARK} RFQ`,
      plantId,
      periodFrom: '2027-04-01',
      periodTo: '2028-03-31',
      lanes: [
        {
          origin: { kind: 'plant', id: plantId },
          destination: { kind: 'stop', id: stop },
          vehicleTypeId: ids.vehicleType,
          tripsPerMonth: 20,
        },
      ],
      carrierLinkIds: [p.vayuLink],
    },
    'rfq',
  );
  const round = await call('POST', `/api/rfqs/${rfq}/rounds`, { endsAt: hoursFromNow(2) });
  expect(round.statusCode, round.body).toBe(201);
  // Vayu quotes, the round closes, the lane is awarded: a contract of the demo shipper.
  const laneId = ((await call('GET', `/api/rfqs/${rfq}`)).json().data as unknown as { laneList: { id: number }[] }).laneList[0]?.id;
  const quoted = await t.app.inject({
    method: 'POST',
    url: `/api/carrier/rfqs/${rfq}/quotes`,
    headers: t.as(p.vayu),
    payload: { quotes: [{ laneId, amountRupees: 41_000 }] },
  });
  expect(quoted.statusCode, quoted.body).toBe(200);
  await closeRound(t.database.db, rfq, 1);
  const rfqAward = await call('POST', `/api/rfqs/${rfq}/award`, {
    lanes: [{ laneId, splits: [{ carrierLinkId: p.vayuLink, sharePct: 100 }] }],
  });
  expect(rfqAward.statusCode, rfqAward.body).toBe(200);
  ids.contract = (rfqAward.json().data as unknown as { contracts: { contractId: number }[] }).contracts[0]?.contractId ?? 0;
  // An indent on the contracted lane, asked of Vayu.
  const indent = await call('POST', '/api/indents', { indents: [{ laneId, vehicles: 1, reportingAt: '2027-05-03T10:00:00+05:30' }] });
  expect(indent.statusCode, indent.body).toBe(201);
  ids.indent = (indent.json().data as unknown as { id: number }[])[0]?.id ?? 0;

  return rfq;
}

/** A PDF attached to the open request, the order, the RFQ and the contract. */
export async function makeDocuments({ t, owner, ids }: Maker, rfq: number): Promise<void> {
  const open = ids.outboundRequest ?? 0;
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 65), Buffer.from('\n%%EOF\n')]);
  for (const [key, url] of [
    ['requestDocument', `/api/requests/outbound/${open}/attachments`],
    ['orderDocument', `/api/orders/outbound/${ids.order}/documents`],
    ['rfqDocument', `/api/rfqs/${rfq}/attachments`],
    ['contractDocument', `/api/contracts/${ids.contract}/documents`],
  ] as const) {
    const form = multipartFile(`${MARK}.pdf`, pdf, { fields: { kind: 'other' } });
    const res = await t.app.inject({ method: 'POST', url, headers: { ...form.headers, ...t.as(owner) }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json().data.id;
  }
}

/** Vayu's invoice of the delivered offline order, with its POD slip. */
export async function makeInvoice({ t, p, ids }: Maker): Promise<void> {
  // Vayu bills the offline order once it is delivered: an invoice of the demo shipper's plant.
  await t.database.db.execute(sql`update orders set status = 'delivered', delivered_at = now() where id = ${ids.offlineOutbound ?? 0}`);
  const invoice = await t.app.inject({
    method: 'POST',
    url: '/api/carrier/invoices',
    headers: t.as(p.vayu),
    payload: {
      number: `${MARK}-1`,
      invoiceDate: indiaToday(),
      gstScheme: 'rcm',
      lines: [{ orderId: ids.offlineOutbound, kind: 'freight', amountRupees: 30000 }],
    },
  });
  expect(invoice.statusCode, invoice.body).toBe(201);
  ids.invoice = invoice.json().data.id;
  const slip = multipartFile(`${MARK}-pod.pdf`, Buffer.from('%PDF-1.7\n%%EOF\n'), { fields: { kind: 'pod' } });
  const attached = await t.app.inject({
    method: 'POST',
    url: `/api/carrier/invoices/${ids.invoice}/documents`,
    headers: { ...slip.headers, ...t.as(p.vayu) },
    payload: slip.payload,
  });
  expect(attached.statusCode, attached.body).toBe(201);
  ids.invoiceDocument = attached.json().data.id;
}

/** An export, the owner's notification, the company and owner ids, and a webhook. */
export async function makeAccountRecords({ t, owner, call, ids }: Maker): Promise<void> {
  const exported = await call('POST', '/api/exports', { report: 'order-register', format: 'csv', params: {} });
  expect(exported.statusCode, exported.body).toBe(202);
  ids.export = exported.json().data.id;
  const [notification] = (await call('GET', '/api/notifications')).json().data as unknown as { id: number }[];
  ids.notification = notification?.id ?? 0;
  expect(ids.notification).toBeGreaterThan(0);
  ids.industry = Number(
    (
      (await t.database.db.execute(sql`select industry_id from users where email = 'owner@demo.test'`)) as unknown as {
        rows: { industry_id: number }[];
      }
    ).rows[0]?.industry_id,
  );
  ids.ownerUser = Number(
    ((await t.database.db.execute(sql`select id from users where email = 'owner@demo.test'`)) as unknown as { rows: { id: number }[] })
      .rows[0]?.id,
  );
  Object.assign(ids, await webhookFixture(t, owner, ids.industry, MARK));
}

/** A confirmed plan payment, one awaiting confirmation, and a platform device assigned to the company. */
export async function makePayments({ t, call, made, ids }: Maker): Promise<void> {
  const [plan] = (await call('GET', '/api/plans')).json().data as unknown as { id: number }[];
  const admin = await t.login('admin@demo.test');
  // A paid plan payment (with the platform's tax invoice), then one awaiting confirmation.
  const paid = (await call('POST', '/api/plan/subscribe', { planId: plan?.id })).json().data as unknown as {
    id: number;
    amountRupees: number;
  };
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `/api/admin/payments/${paid.id}/confirm`,
    headers: t.as(admin),
    payload: { providerRef: 'ISOLATION0001', amountRupees: paid.amountRupees },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  ids.paidPayment = paid.id;
  await made('/api/plan/subscribe', { planId: plan?.id }, 'payment');
  const device = await t.app.inject({
    method: 'POST',
    url: '/api/admin/devices',
    headers: t.as(admin),
    payload: { serial: `${MARK}-GPS`, kind: 'gps' },
  });
  ids.device = device.json().data.id;
  await t.app.inject({
    method: 'POST',
    url: `/api/admin/devices/${ids.device}/assign`,
    headers: t.as(admin),
    payload: { industryId: ids.industry },
  });
}
