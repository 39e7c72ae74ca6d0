// The bids bench's ceiling as a server (decision 0313): a bare node:http server in a process of its
// own, on the same engine as the app, taking the app's POST /api/carrier/requests/{id}/bids after a
// bearer check against an in-memory map, and doing the least a correct revision needs in hand-written
// SQL: the request row locked as the app locks it, the carriers' bids read, each revision lowering the
// carrier's bid by the minimum decrement, the revisions inserted and the bids updated, one commit, a
// small JSON answer. Bids that arrive while a transaction runs go together into the next one, as the
// app's do (decision 0030): one transaction a bid would measure the commit's flush, not the code.
// Run by bench/bids-ceiling.ts: node --import tsx bench/bids-ceiling-server.ts <config.json>
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { PGlite, Results } from '@electric-sql/pglite';
import { queryNamed } from '../apps/api/src/lib/pglite-statements.ts';
import { serveUntilTerm } from './api-server.ts';
import { applyOffers, type CeilingBid, type Offer } from './bids-ceiling-rule.ts';

export type BidsCeilingConfig = {
  port: number;
  /** PostgreSQL (one connection: the batches run one at a time), else PGlite opened on this folder. */
  url: string | null;
  dataDir: string | null;
  requestId: number;
  /** Bearer token → the carrier's link (industry_carriers.id) and its user. */
  tokens: Record<string, { link: number; user: number }>;
};

type Row = Record<string, unknown>;
type Query = (name: string, text: string, params: unknown[]) => Promise<Row[]>;

async function openEngine(config: BidsCeilingConfig): Promise<{ query: Query; close: () => Promise<void> }> {
  if (config.url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: config.url });
    await client.connect();
    return {
      query: async (name, text, values) => (await client.query({ name: name || undefined, text, values })).rows,
      close: () => client.end(),
    };
  }
  const { openPglite } = await import('../apps/api/src/db/client.ts');
  const database = await openPglite(config.dataDir ?? '');
  const client = database.client as PGlite;
  return {
    query: async (name, text, values) =>
      name ? (await queryNamed<Row>(client, name, text, values, {})).rows : ((await client.query(text, values)) as Results<Row>).rows,
    close: () => database.close(),
  };
}

/** The request row locked as the app locks it, with the shipper's minimum decrement for its plant. */
const LOCK = `select (select s.min_decrement_paise from bid_visibility_settings s
    where s.industry_id = r.industry_id and s.status = 'active' and (s.plant_id = r.plant_id or s.plant_id is null)
    order by s.plant_id nulls last limit 1) as min_decrement, (extract(epoch from now()) * 1000000)::bigint as now
  from transport_requests r where r.id = $1 for update`;
const BIDS = `select id, industry_carrier_id as link, amount_paise as amount, (extract(epoch from bid_at) * 1000000)::bigint as at, revisions
  from bids where request_id = $1`;
const INSERT = `insert into bid_revisions (bid_id, amount_paise, vehicles, by)
  select * from unnest($1::int[], $2::bigint[], $3::int[], $4::int[])`;
const UPDATE = `update bids set amount_paise = v.amount, bid_at = now(), updated_at = now(), revisions = v.revisions
  from unnest($1::int[], $2::bigint[], $3::int[]) as v(id, amount, revisions) where bids.id = v.id`;

type Pending = { offer: Offer; res: http.ServerResponse };

/** One transaction for the bids queued: lock, read, the rule in memory, insert, update, commit; then every answer. */
async function applyBatch(query: Query, requestId: number, batch: Pending[]) {
  await query('', 'begin', []);
  try {
    const [locked] = await query('bids_lock', LOCK, [requestId]);
    const bids = (await query('bids_read', BIDS, [requestId])).map((r) => ({
      id: Number(r.id),
      link: Number(r.link),
      amount: Number(r.amount),
      at: Number(r.at),
      revisions: Number(r.revisions),
    })) satisfies CeilingBid[];
    const { outcomes, changed, revisions } = applyOffers(
      bids,
      batch.map((p) => p.offer),
      Number(locked?.min_decrement ?? 0),
      Number(locked?.now),
    );
    if (revisions.length) {
      await query('bids_insert', INSERT, [
        revisions.map((v) => v.bidId),
        revisions.map((v) => v.amount),
        revisions.map((v) => v.vehicles),
        revisions.map((v) => v.by),
      ]);
      await query('bids_update', UPDATE, [changed.map((b) => b.id), changed.map((b) => b.amount), changed.map((b) => b.revisions)]);
    }
    await query('', 'commit', []);
    batch.forEach(({ res }, i) => {
      const o = outcomes[i];
      if (!o || 'refused' in o) {
        res.writeHead(409, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: o?.refused } }));
      } else {
        res
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ data: { amountRupees: o.amount / 100, rank: o.rank } }));
      }
    });
  } catch (err) {
    await query('', 'rollback', []).catch(() => {});
    for (const { res } of batch) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end((err as Error).message);
    }
  }
}

async function main() {
  const config = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as BidsCeilingConfig;
  const engine = await openEngine(config);
  const tokens = new Map(Object.entries(config.tokens).map(([t, carrier]) => [`Bearer ${t}`, carrier]));
  const path = `/api/carrier/requests/${config.requestId}/bids`;
  let queue: Pending[] = [];
  let running = false;
  const drain = async () => {
    running = true;
    while (queue.length) {
      // Yield once before a batch (PGlite answers without yielding), as the app's queue does.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = queue;
      queue = [];
      await applyBatch(engine.query, config.requestId, batch);
    }
    running = false;
  };
  const server = http.createServer((req, res) => {
    const carrier = tokens.get(req.headers.authorization ?? '');
    if (!carrier || req.method !== 'POST' || req.url !== path) {
      res.writeHead(carrier ? 404 : 401).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { amountRupees: number; vehicles: number };
      queue.push({
        offer: { link: carrier.link, amount: Math.round(body.amountRupees * 100), vehicles: body.vehicles, by: carrier.user },
        res,
      });
      if (!running) {
        void drain();
      }
    });
  });
  serveUntilTerm(server, config.port, engine.close);
}

await main();
