import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from './harness.ts';

/**
 * The isolation test's webhook endpoint of the demo shipper (issue 34), with one delivery (its
 * test event): stored directly, as the test app may not resolve a public name; `mark` in its
 * description shows if a list leaks it.
 */
export async function webhookFixture(t: TestContext, owner: string, industryId: number, mark: string) {
  const rows = (await t.database.db.execute(sql`insert into webhook_endpoints (industry_id, url, description, event_types, secret)
    values (${industryId}, 'https://erp.example.com/hooks', ${mark}, '{order.gate_in}', 'whsec_QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3OA==')
    returning id`)) as unknown as { rows: { id: number }[] };
  const webhookEndpoint = rows.rows[0]?.id ?? 0;
  const sent = await t.app.inject({ method: 'POST', url: `/api/webhooks/endpoints/${webhookEndpoint}/test`, headers: t.as(owner) });
  expect(sent.statusCode, sent.body).toBe(202);
  return { webhookEndpoint, webhookDelivery: Number(sent.json().data.deliveryId) };
}
