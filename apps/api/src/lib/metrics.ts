import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { jobQueueStats } from '../repositories/metrics.repository.ts';
import { sameSecret } from './tokens.ts';

/** What the scrape reads at its time from the parts it watches (issue 36). */
export type MetricSources = {
  database: Database;
  /** Socket.IO connections on this process. */
  sockets: () => number;
};

/** Seconds: a list call of the API answers in tens of milliseconds; an export may take a minute. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type PgPool = { totalCount: number; idleCount: number; waitingCount: number };

/** The PostgreSQL pool under the API's queries (none on PGlite, one connection in process). */
const poolOf = (database: Database): PgPool | undefined =>
  database.kind === 'postgres' ? ((database.db as unknown as { $client?: PgPool }).$client ?? undefined) : undefined;

function databaseGauges(registry: Registry, database: Database) {
  new Gauge({
    name: 'freightdesk_db_pool_connections',
    help: 'PostgreSQL pool connections of this process by state (total, idle, waiting callers)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = poolOf(database);
      this.reset();
      if (pool) {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      }
    },
  });
}

/**
 * One read shared by the two gauges of one scrape, which the registry collects side by side: the
 * first asks, the second takes the same answer.
 */
function sharedByTwo<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (pending) {
      const taken = pending;
      pending = undefined;
      return taken;
    }
    pending = read();
    return pending;
  };
}

function jobGauges(registry: Registry, database: Database) {
  const stats = sharedByTwo(() => jobQueueStats(database.db));
  new Gauge({
    name: 'freightdesk_jobs',
    help: 'Durable jobs by kind: due and waiting for a runner, or running (all processes: read from the database)',
    labelNames: ['kind', 'status'],
    registers: [registry],
    async collect() {
      const rows = await stats();
      this.reset();
      for (const s of rows) {
        this.set({ kind: s.kind, status: s.status }, s.jobs);
      }
    },
  });
  new Gauge({
    name: 'freightdesk_jobs_oldest_due_seconds',
    help: 'How long the oldest due job of a kind has waited past its time',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const rows = await stats();
      this.reset();
      for (const s of rows.filter((r) => r.status === 'due')) {
        this.set({ kind: s.kind }, s.oldestSeconds);
      }
    },
  });
}

function counters(registry: Registry) {
  return {
    calls: new Counter({
      name: 'freightdesk_http_requests_total',
      help: 'API calls by method, route (as declared, e.g. /api/orders/outbound/:id) and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    http: new Histogram({
      name: 'freightdesk_http_request_duration_seconds',
      help: 'API calls by method, route (as declared, e.g. /api/orders/outbound/:id) and status, with their time',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers: [registry],
    }),
    positions: new Counter({
      name: 'freightdesk_positions_total',
      help: 'Device positions taken by this process by source and outcome (accepted, or the filter that stopped it)',
      labelNames: ['source', 'outcome'],
      registers: [registry],
    }),
    webhooks: new Counter({
      name: 'freightdesk_webhook_attempts_total',
      help: 'Webhook delivery attempts by outcome (succeeded, failed)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
}

/**
 * The process's metrics in Prometheus's text format: HTTP calls with their times, the database
 * pool, the job queue, positions by outcome, sockets, webhook attempts, and the process's own
 * (memory, CPU, event loop). Served at `/metrics` only when `METRICS_TOKEN` is set.
 */
export function createMetrics(sources: MetricSources, opts: { processMetrics: boolean }) {
  const registry = new Registry();
  if (opts.processMetrics) {
    collectDefaultMetrics({ register: registry, prefix: 'freightdesk_' });
  }
  databaseGauges(registry, sources.database);
  jobGauges(registry, sources.database);
  new Gauge({
    name: 'freightdesk_socket_connections',
    help: 'Socket.IO connections to this process',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });
  const c = counters(registry);
  return {
    registry,
    /** One position through the ingest: its source and what the filters made of it. */
    position: (source: string, outcome: string) => c.positions.inc({ source, outcome }),
    /** One webhook attempt's outcome. */
    webhookAttempt: (ok: boolean) => c.webhooks.inc({ outcome: ok ? 'succeeded' : 'failed' }),
    /** One answered call (an onResponse hook). */
    observeCall(request: FastifyRequest, reply: FastifyReply) {
      const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
      c.calls.inc(labels);
      c.http.observe(labels, reply.elapsedTime / 1000);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Times every call (before any route is registered, so the hook reaches them all); only with METRICS_TOKEN. */
export function timeCalls(app: FastifyInstance, token: string | undefined): void {
  if (token) {
    app.addHook('onResponse', async (request, reply) => app.metrics.observeCall(request, reply));
  }
}

/**
 * `GET /metrics` for Prometheus, behind `Authorization: Bearer <METRICS_TOKEN>`; without the
 * setting there is no such route (404), and no call is timed.
 */
export function registerMetricsRoute(app: FastifyInstance, token: string | undefined): void {
  if (!token) {
    return;
  }
  const expected = `Bearer ${token}`;
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!sameSecret(request.headers.authorization ?? '', expected)) {
      reply.header('www-authenticate', 'Bearer');
      return reply.code(401).type('text/plain').send('A metrics token is needed (Authorization: Bearer …).');
    }
    reply.header('cache-control', 'no-store');
    return reply.type(app.metrics.registry.contentType).send(await app.metrics.registry.metrics());
  });
}
