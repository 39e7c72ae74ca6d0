import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type ApiProcess, freePort, startApiProcess } from './api-process.ts';
import { type Haproxy, startHaproxy } from './haproxy.ts';
import { scratchDatabase } from './scratch-database.ts';

/**
 * Two API nodes (real `node` processes, as production starts them) on one fresh PostgreSQL database
 * and one Redis, behind HAProxy (issue 36). `storeEnv` is where the nodes keep files: an S3 bucket
 * (the test's s3rver) or one local folder declared shared (FILE_STORE_SHARED=true).
 */
export type NodeName = 'a' | 'b';
type Node = { port: number; trackingPort: number; proc: ApiProcess };
export type Cluster = {
  databaseUrl: string;
  /** A connection of the test's own, to check what was stored. */
  direct: pg.Client;
  haproxy: Haproxy;
  /** The node's own address (calls that must reach one node, past the load balancer). */
  base: (name: NodeName) => string;
  proc: (name: NodeName) => ApiProcess;
  /** Starts the node again on its ports (after it was killed or stopped). */
  restart: (name: NodeName) => Promise<void>;
  /** A node with other settings on the same database, not behind the load balancer. */
  extraNode: (env: Record<string, string>) => Promise<ApiProcess>;
  stop: () => Promise<void>;
};

export type ClusterOptions = { adminUrl: string; redisUrl: string; storeEnv: Record<string, string>; env: Record<string, string> };

/** Starts the database, both nodes (the first loads the demo data) and HAProxy in front of them. */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const db = await scratchDatabase(opts.adminUrl, 'fd_lb');
  const base = {
    DATABASE_URL: db.url,
    REDIS_URL: opts.redisUrl,
    REDIS_KEY_PREFIX: `fd-lb-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  const common = { ...base, ...opts.storeEnv };
  const nodes = new Map<NodeName, Node>();
  const launch = async (name: NodeName, port: number, trackingPort: number, demo: boolean) => {
    const env = { ...common, PORT: String(port), TRACKING_PORT: String(trackingPort), DEMO_DATA: demo ? '1' : '0' };
    nodes.set(name, { port, trackingPort, proc: await startApiProcess(env) });
  };
  const [pa, ta, pb, tb] = [await freePort(), await freePort(), await freePort(), await freePort()];
  await launch('a', pa, ta, true);
  await launch('b', pb, tb, false);
  const haproxy = await startHaproxy(
    [
      { name: 'a', port: pa },
      { name: 'b', port: pb },
    ],
    [
      { name: 'a', port: ta },
      { name: 'b', port: tb },
    ],
  );
  const direct = new pg.Client({ connectionString: db.url });
  await direct.connect();
  const node = (name: NodeName): Node => {
    const found = nodes.get(name);
    if (!found) {
      throw new Error(`no node ${name}`);
    }
    return found;
  };
  const extras: ApiProcess[] = [];
  return {
    databaseUrl: db.url,
    direct,
    haproxy,
    base: (name) => node(name).proc.base,
    proc: (name) => node(name).proc,
    restart: (name) => launch(name, node(name).port, node(name).trackingPort, false),
    extraNode: async (env) => {
      // Its own file store (`env`), not the cluster's: a node that does not share the others' files.
      const proc = await startApiProcess({ ...base, DEMO_DATA: '0', TRACKING_PORT: '0', ...env });
      extras.push(proc);
      return proc;
    },
    stop: async () => {
      await haproxy.stop();
      await Promise.all([...[...nodes.values()].map((n) => n.proc.stop()), ...extras.map((p) => p.stop())]);
      await direct.end();
      await db.drop();
    },
  };
}

/** A JSON call that must succeed; its `data`. */
export async function call<T>(base: string, method: string, url: string, token?: string, body?: object): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) {
    throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  }
  return json.data;
}

export const login = async (base: string, email: string, password = 'Demo@12345') =>
  (await call<{ token: string }>(base, 'POST', '/api/auth/login', undefined, { login: email, password })).token;
