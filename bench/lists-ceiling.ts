import { randomBytes } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchServer } from './api-server.ts';
import type { CeilingConfig, CeilingRoute } from './lists-ceiling-server.ts';
import type { Scenario } from './lists-scenarios.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** What the ceiling's engine answers: column names, rows as arrays. */
export type Answer = { fields: string[]; rows: unknown[][] };

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The page's answer: rows keyed by the app's (camelCase) names, the total its statement counted or the page implies. */
export function envelope(route: CeilingRoute, answer: Answer): string {
  const keys = answer.fields.map(camel);
  const totalAt = keys.indexOf('total');
  const data = answer.rows.map((row) => {
    const o: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      if (i !== totalAt) {
        o[keys[i] as string] = row[i];
      }
    }
    return o;
  });
  const counted = totalAt >= 0 ? answer.rows[0]?.[totalAt] : null;
  const total = counted === null || counted === undefined ? (route.page - 1) * route.pageSize + data.length : Number(counted);
  return JSON.stringify({ data, total, page: route.page, pageSize: route.pageSize });
}

/** A scenario's ceiling route: the path the app was called with (its cursor included) and its page. */
export function ceilingRoute(s: Scenario, calledPath: string): CeilingRoute {
  const query = new URL(calledPath, 'http://x').searchParams;
  return {
    path: calledPath,
    sql: s.sql,
    params: s.params,
    custom: s.custom,
    page: Number(query.get('page') ?? 1),
    pageSize: Number(query.get('pageSize') ?? 25),
  };
}

/**
 * A copy of a PGlite folder for the ceiling, made while no process holds it (before the API starts):
 * a folder is one process's at a time, and the API and the ceiling run side by side. The ceiling
 * only reads; the copy is the same pages and statistics the app reads.
 */
export function copyForCeiling(dataDir: string): { dir: string; remove: () => void } {
  const dir = `${dataDir.replace(/\/+$/, '')}-ceiling`;
  rmSync(dir, { recursive: true, force: true });
  cpSync(dataDir, dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The ceiling server (lists-ceiling-server.ts) as a process of its own on `port`, on the same engine
 * as the app: PostgreSQL by `url`, or PGlite on `dataDir` (a copy of the app's folder,
 * `copyForCeiling`). Resolves once it listens, with its bearer token.
 */
export async function startCeilingServer(opts: { port: number; url: string | null; dataDir: string | null; routes: CeilingRoute[] }) {
  const token = randomBytes(24).toString('base64url');
  const config: CeilingConfig = { ...opts, tokens: [token] };
  return { ...(await startBenchServer(path.join(here, 'lists-ceiling-server.ts'), config)), token };
}
