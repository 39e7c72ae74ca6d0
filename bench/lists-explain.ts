import type { Database } from '../apps/api/src/db/client.ts';
import type { Scenario } from './lists-scenarios.ts';

type Captured = { text: string; values: unknown[] };
type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

/** The big tables whose access decides a list's speed. */
const WATCHED = ['orders', 'transport_requests', 'industry_carriers'];

/** How a plan reads the watched tables: `Index Only Scan orders_direction`, `Seq Scan orders` … */
function accesses(node: PlanNode, out: Set<string>): Set<string> {
  const relation = node['Relation Name'];
  const index = node['Index Name'];
  if (/Scan/.test(node['Node Type']) && (WATCHED.includes(relation ?? '') || (index && WATCHED.some((t) => index.startsWith(t))))) {
    out.add(`${node['Node Type']} ${index ?? relation}`);
  }
  for (const child of node.Plans ?? []) {
    accesses(child, out);
  }
  return out;
}

/**
 * The app's own statements for each scenario, planned by the database: an app in this process
 * answers each call once while its queries are captured (pg's client, or PGlite's), then each
 * statement is EXPLAINed with its values. Answers one line per statement, naming the scans of the
 * big tables, so a list that stopped using its index shows as a Seq Scan.
 */
export async function explainScenarios(
  database: Database,
  url: string | null,
  list: Scenario[],
  logins: { owner: string; carrier: string },
  password: string,
): Promise<string[]> {
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { default: pg } = await import('pg');
  // EXPLAIN runs on a connection of its own (PostgreSQL), or on PGlite's one.
  const explainer = url ? new pg.Client({ connectionString: url }) : null;
  await explainer?.connect();
  const explain = (text: string, values: unknown[]) =>
    (explainer ? explainer.query(text, values) : database.client?.query(text, values)) as Promise<{ rows: Record<string, unknown>[] }>;
  const { loadConfig } = await import('../apps/api/src/config.ts');
  const seen = await unnamedView(database);
  const app = await buildApp({
    database: seen,
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    logger: false,
    mailer: { send: async () => {} },
  });
  await app.ready();
  const tokenOf = async (login: string) =>
    (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password } })).json().data.token as string;
  const tokens = { owner: await tokenOf(logins.owner), carrier: list.some((s) => s.as === 'carrier') ? await tokenOf(logins.carrier) : '' };
  const captured: Captured[] = [];
  const restore = await capture(database, (c) => captured.push(c));
  const lines: string[] = [];
  try {
    for (const s of list) {
      const headers = { authorization: `Bearer ${tokens[s.as ?? 'owner']}` };
      // A scenario that pages from another page's cursor reads that page first (not explained).
      const from = s.cursorFrom ? ((await app.inject({ method: 'GET', url: s.cursorFrom, headers })).json() as { cursor?: string }) : {};
      const url = from.cursor ? `${s.path}&cursor=${encodeURIComponent(from.cursor)}` : s.path;
      captured.length = 0;
      const res = await app.inject({ method: 'GET', url, headers });
      const statements = captured.filter((c) => /^select/i.test(c.text.trim()) && !/"sessions"/.test(c.text));
      restore.pause();
      const plans: string[] = [];
      for (const st of statements) {
        const result = await explain(`explain (format json) ${st.text}`, st.values);
        const json = result.rows[0]?.['QUERY PLAN'];
        const plan = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
        const used = [...accesses(plan[0]?.Plan ?? { 'Node Type': '' }, new Set())];
        if (used.length) {
          plans.push(used.join(' + '));
        }
      }
      restore.resume();
      lines.push(`${s.name.padEnd(18)} ${res.statusCode} ${plans.join(' | ')}`);
    }
  } finally {
    restore.off();
    await explainer?.end();
    await app.close();
  }
  return lines;
}

/**
 * On PGlite the app runs its list statements named, through the engine's protocol
 * (lib/pglite-statements.ts), past `query`. The explaining app gets the same instance without that
 * path (a view hiding `execProtocolStream`), so each statement passes `query` and is seen; the
 * plans are the same, since EXPLAIN plans each statement afresh with its values.
 */
async function unnamedView(database: Database): Promise<Database> {
  if (!database.client) {
    return database;
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const engine = database.client;
  const view = new Proxy(engine, {
    get(target, prop) {
      if (prop === 'execProtocolStream') {
        return undefined;
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ...database, client: view, db: drizzle({ client: view }) as unknown as Database['db'] };
}

/** Wraps the driver's query method so every statement is seen (paused while EXPLAIN runs). */
async function capture(database: Database, seen: (c: Captured) => void) {
  let active = true;
  const record = (text: unknown, values: unknown) => {
    const t = typeof text === 'string' ? text : (text as { text?: string })?.text;
    const v = Array.isArray(values) ? values : ((text as { values?: unknown[] })?.values ?? []);
    if (active && t) {
      seen({ text: t, values: v });
    }
  };
  let off: () => void;
  if (database.client) {
    const client = database.client;
    const original = client.query.bind(client);
    client.query = ((text: string, values?: unknown[], options?: unknown) => {
      record(text, values);
      return original(text, values as never, options as never);
    }) as typeof client.query;
    off = () => {
      client.query = original;
    };
  } else {
    const { default: pg } = await import('pg');
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      record(args[0], args[1]);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    off = () => {
      pg.Client.prototype.query = original;
    };
  }
  return {
    pause: () => {
      active = false;
    },
    resume: () => {
      active = true;
    },
    off: () => off(),
  };
}
