// The lists bench's ceiling as a server (decision 0311): each scenario's hand-written SQL served by a
// bare node:http server in a process of its own, as the API is, on the same engine, answering the
// envelope the app's list answers ({"data":[…],"total":N,"page":P,"pageSize":S}) compressed as the
// app compresses it, after a bearer check against an in-memory map. No framework, no validation, no
// policy, no session table: the best any server could do for the page over HTTP.
// Run by bench/lists-ceiling.ts: node --import tsx bench/lists-ceiling-server.ts <config.json>
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { Results } from '@electric-sql/pglite';
import { compressJson } from '../apps/api/src/lib/compress-json.ts';
import { queryNamed } from '../apps/api/src/lib/pglite-statements.ts';
import { serveUntilTerm } from './api-server.ts';
import { type Answer, envelope } from './lists-ceiling.ts';

/** One page the ceiling serves: the exact path and query the app is called with, and its SQL. */
export type CeilingRoute = { path: string; sql: string; params: unknown[]; custom?: boolean; page: number; pageSize: number };
export type CeilingConfig = {
  port: number;
  /** PostgreSQL (a pool of 10 prepared connections), else PGlite opened on this folder. */
  url: string | null;
  dataDir: string | null;
  /** The bearer tokens let in. */
  tokens: string[];
  routes: CeilingRoute[];
};

type Query = (name: string | undefined, sql: string, params: unknown[]) => Promise<Answer>;

/** Times, dates and every other value as the text the engine sends (as the app's rows keep them). */
const TEXT_TYPES = [1082, 1114, 1184, 20, 1700];

async function openEngine(config: CeilingConfig): Promise<{ query: Query; close: () => Promise<void> }> {
  if (config.url) {
    const { RANDOM_PAGE_COST } = await import('../apps/api/src/db/client.ts');
    const { default: pg } = await import('pg');
    const types = { getTypeParser: (oid: number) => (TEXT_TYPES.includes(oid) ? (v: string) => v : pg.types.getTypeParser(oid)) };
    const pool = new pg.Pool({ connectionString: config.url, max: 10, options: `-c random_page_cost=${RANDOM_PAGE_COST}`, types });
    return {
      query: async (name, text, values) => {
        const r = await pool.query({ name, text, values, rowMode: 'array' });
        return { fields: r.fields.map((f) => f.name), rows: r.rows as unknown[][] };
      },
      close: () => pool.end(),
    };
  }
  const { openPglite } = await import('../apps/api/src/db/client.ts');
  const database = await openPglite(config.dataDir ?? '');
  const asText = (v: string) => v;
  const options = { rowMode: 'array' as const, parsers: Object.fromEntries(TEXT_TYPES.map((t) => [t, asText])) };
  const client = database.client as { query: (sql: string, params: unknown[], o: object) => Promise<Results<unknown[]>> };
  return {
    query: async (name, text, values) => {
      const r = name ? await queryNamed<unknown[]>(client, name, text, values, options) : await client.query(text, values, options);
      return { fields: r.fields.map((f) => f.name), rows: r.rows };
    },
    close: () => database.close(),
  };
}

async function main() {
  const config = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as CeilingConfig;
  const engine = await openEngine(config);
  const tokens = new Set(config.tokens.map((t) => `Bearer ${t}`));
  const routes = new Map(config.routes.map((r, i) => [r.path, { route: r, name: r.custom ? undefined : `ceiling_${i}` }]));
  const server = http.createServer((req, res) => {
    const found = routes.get(req.url ?? '');
    if (!tokens.has(req.headers.authorization ?? '')) {
      res.writeHead(401).end();
      return;
    }
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    const { route, name } = found;
    engine
      .query(name, route.sql, route.params)
      .then((answer) => compressJson(envelope(route, answer), req.headers['accept-encoding']))
      .then(
        ({ body, encoding }) => {
          const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding' };
          if (encoding) {
            headers['content-encoding'] = encoding;
          }
          res.writeHead(200, headers).end(body);
        },
        (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(err.message),
      );
  });
  serveUntilTerm(server, config.port, engine.close);
}

await main();
