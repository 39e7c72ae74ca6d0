// Benchmark: the inbound API's bulk call (issue 34): 500 offline orders in one
// `POST /api/offline-orders/outbound/bulk`, each line in its own savepoint.
// Ceiling, measured in the same run: the same 500 orders sent one call at a time to the
// single create route (what an ERP does without the bulk call).
// Run: npx tsx bench/bulk-orders.ts          (embedded PGlite, in memory)
//      npx tsx bench/bulk-orders.ts --pg     (PostgreSQL: DATABASE_URL, in a temporary database)
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { ensureReferenceData } from '../apps/api/src/db/open.ts';
import { seedDemo } from '../apps/api/src/db/seed/demo.ts';
import { openBenchDatabase } from './bench-database.ts';

const LINES = Number(process.env.LINES ?? 500);

type Inject = (method: 'GET' | 'POST', url: string, payload?: object, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;

/** One outbound offline order body of the demo shipper, with its reference. */
async function orderBody(call: Inject) {
  const first = async (url: string) => (await call('GET', url)).json().data[0].id as number;
  const stop = await call('POST', '/api/stops', {
    name: 'Bench DC',
    type: 'drop',
    address: 'Yard',
    city: 'Surat',
    state: 'Gujarat',
    pincode: '395003',
    latitude: 21.17,
    longitude: 72.83,
  });
  if (stop.statusCode !== 201) {
    throw new Error(`stop: ${stop.statusCode} ${stop.body.slice(0, 300)}`);
  }
  const base = {
    carrierLinkId: await first('/api/carriers/options'),
    plantId: await first('/api/plants/options'),
    vehicleTypeId: await first('/api/vehicle-types/options'),
    priceRupees: 38000,
    pickupAt: new Date(Date.now() + 86_400_000).toISOString(),
    dropoffs: [{ stopId: stop.json().data.id }],
  };
  return (ref: string) => ({ ...base, externalRef: ref });
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

async function run(pg: boolean) {
  const bench = await openBenchDatabase(pg, 'fd_bench_bulk');
  await bench.database.migrate();
  await ensureReferenceData(bench.database.db);
  await seedDemo(bench.database.db);
  const app: FastifyInstance = await buildApp({ database: bench.database, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: 'owner@demo.test', password: 'Demo@12345' } });
  const authorization = `Bearer ${login.json().data.token}`;
  const call: Inject = (method, url, payload, headers = {}) => app.inject({ method, url, payload, headers: { authorization, ...headers } });
  const line = await orderBody(call);
  const lines = Array.from({ length: LINES }, (_, i) => line(`BENCH-BULK-${i}`));
  const [bulk, bulkMs] = await timed(() =>
    call('POST', '/api/offline-orders/outbound/bulk', { lines }, { 'idempotency-key': 'bench-bulk-1' }),
  );
  if (bulk.statusCode !== 200 || bulk.json().created !== LINES) {
    throw new Error(`bulk: ${bulk.statusCode} ${bulk.body.slice(0, 300)}`);
  }
  const [, replayMs] = await timed(() =>
    call('POST', '/api/offline-orders/outbound/bulk', { lines }, { 'idempotency-key': 'bench-bulk-1' }),
  );
  const [, singleMs] = await timed(async () => {
    for (let i = 0; i < LINES; i++) {
      const res = await call('POST', '/api/offline-orders/outbound', line(`BENCH-ONE-${i}`));
      if (res.statusCode !== 201) {
        throw new Error(`single: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
    }
  });
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `${bench.name}: ${LINES} orders in one bulk call ${s(bulkMs)} (${(bulkMs / LINES).toFixed(1)} ms a line); ` +
      `its replay ${replayMs.toFixed(0)} ms; ceiling, ${LINES} single calls: ${s(singleMs)}`,
  );
  await app.close();
  await bench.database.close();
  await bench.drop();
}

await run(process.argv.includes('--pg'));
