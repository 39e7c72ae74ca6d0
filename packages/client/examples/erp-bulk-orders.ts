/**
 * An ERP's nightly push (issue 34): the day's loads agreed with carriers outside Freightdesk,
 * recorded as outbound offline orders in one bulk call, each with the ERP's own reference
 * (`externalRef`, unique per company), safe to run again: the batch's Idempotency-Key makes a
 * repeated run answer the first run's results and create nothing.
 *
 *   FREIGHTDESK_URL=https://freight.example.in FREIGHTDESK_API_KEY=fdk_… \
 *     npx tsx packages/client/examples/erp-bulk-orders.ts loads.json 2026-12-06
 *
 * loads.json is a list of offline order bodies (up to 500), as `POST /api/offline-orders/outbound` takes one.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createFreightdeskClient, type FreightdeskClient, idempotencyKey, type paths } from '../src/index.ts';

type BulkPath = paths['/api/offline-orders/outbound/bulk']['post'];
export type OfflineOrderLine = BulkPath['requestBody']['content']['application/json']['lines'][number];

/** One bulk call: the per-line results, and whether the server replayed an earlier call's answer. */
export async function pushOfflineOrders(client: FreightdeskClient, lines: OfflineOrderLine[], batch: string) {
  const { data, error, response } = await client.POST('/api/offline-orders/outbound/bulk', {
    body: { lines },
    headers: idempotencyKey(`erp-offline-orders-${batch}`),
  });
  if (error || !data) {
    throw new Error(`Freightdesk refused the batch (${response.status}): ${JSON.stringify(error)}`);
  }
  return { answer: data, replayed: response.headers.get('idempotent-replayed') === 'true' };
}

async function main(file: string, batch: string) {
  const baseUrl = process.env.FREIGHTDESK_URL;
  const apiKey = process.env.FREIGHTDESK_API_KEY;
  if (!baseUrl || !apiKey) {
    throw new Error('Set FREIGHTDESK_URL and FREIGHTDESK_API_KEY');
  }
  const lines = JSON.parse(readFileSync(file, 'utf8')) as OfflineOrderLine[];
  const { answer, replayed } = await pushOfflineOrders(createFreightdeskClient({ baseUrl, apiKey }), lines, batch);
  console.log(JSON.stringify({ replayed, answer }, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [file, batch] = process.argv.slice(2);
  if (!file || !batch) {
    console.error('usage: erp-bulk-orders.ts <lines.json> <batch>');
    process.exit(2);
  }
  await main(file, batch);
}
