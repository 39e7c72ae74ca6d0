import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../apps/api/src/db/client.ts';

/** A device of the fleet as stored: its row id, its order, its shipper. */
export type StoredDevice = { deviceId: number; orderId: number; industryId: number };

export type Ceiling = { rows: number; elapsedMs: number; transactions: number; batch: number; concurrency: number };

/** The writer's insert (position-store.ts), the same columns from the same unnest of arrays. */
const INSERT = `insert into positions (device_id, order_id, industry_id, source, fix_time, received_at, latitude, longitude,
    speed_kmh, bearing, altitude, accuracy, battery, valid, provider_ref, place_name, attributes)
  select d, o, i, s, f, r, la, lo, sp, b, al, ac, ba, v, pr, pn, at::jsonb
  from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::float8[], $8::float8[],
    $9::float4[], $10::float4[], $11::float4[], $12::float4[], $13::float4[], $14::bool[], $15::text[], $16::text[], $17::text[])
    as u(d, o, i, s, f, r, la, lo, sp, b, al, ac, ba, v, pr, pn, at)
  on conflict do nothing`;

type Query = (text: string, params?: unknown[]) => Promise<unknown>;

/** One batch of rows like the app's (the same devices, the same values), as the statement's 17 arrays. */
function batchParams(devices: StoredDevice[], size: number, seq: number, firstFix: number): unknown[] {
  const cols: unknown[][] = Array.from({ length: 17 }, () => []);
  const receivedAt = new Date().toISOString();
  for (let j = 0; j < size; j++) {
    const n = seq * size + j;
    const dev = devices[n % devices.length] as StoredDevice;
    const k = Math.floor(n / devices.length);
    const row = [
      dev.deviceId,
      dev.orderId,
      dev.industryId,
      'osmand',
      new Date(firstFix + k * 1000).toISOString(),
      receivedAt,
      20.1 + (n % 500) * 0.001 + k * 0.0002,
      73.9 - k * 0.0002,
      60.0048,
      315,
      12,
      8,
      76,
      true,
      null,
      null,
      null,
    ];
    row.forEach((v, c) => {
      cols[c]?.push(v);
    });
  }
  return cols;
}

/**
 * The database's best for the same rows without the app: the writer's insert statement, from a
 * plain client, in transactions of `batch` rows, `concurrency` at a time, for `seconds`. The rows
 * carry the fleet's devices with fix times after `firstFix`, so none is skipped as a duplicate.
 */
export async function measureCeiling(
  database: Database,
  pgUrl: string | null,
  devices: StoredDevice[],
  opts: { batch: number; concurrency: number; seconds: number; firstFix: number },
): Promise<Ceiling> {
  const clients: { query: Query; close: () => Promise<void> }[] = [];
  if (pgUrl) {
    const { default: pg } = await import('pg');
    for (let c = 0; c < opts.concurrency; c++) {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      clients.push({ query: (text, params) => client.query(text, params), close: () => client.end() });
    }
  } else {
    const lite = database.client as PGlite;
    clients.push({ query: (text, params) => lite.query(text, params), close: async () => {} });
  }
  let seq = 0;
  let rows = 0;
  let transactions = 0;
  const started = performance.now();
  const stopAt = started + opts.seconds * 1000;
  await Promise.all(
    clients.map(async ({ query }) => {
      while (performance.now() < stopAt) {
        const params = batchParams(devices, opts.batch, seq++, opts.firstFix);
        await query('begin');
        await query(INSERT, params);
        await query('commit');
        rows += opts.batch;
        transactions++;
        // PGlite answers without yielding; let timers run between transactions as the app does.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  for (const c of clients) {
    await c.close();
  }
  return { rows, elapsedMs, transactions, batch: opts.batch, concurrency: opts.concurrency };
}

/** The HTTP ceiling's server: a bare Node server in this process that answers 200 at once, storing nothing. */
export async function startBareServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': 0 });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
