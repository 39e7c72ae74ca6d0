import { sql } from 'drizzle-orm';
// @ts-expect-error: the parser ships no types; it returns the families of a Prometheus text answer.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { type Procurement, setupProcurement } from '../test/procurement.ts';
import { trackedOrder } from '../test/tracking.ts';

/** /metrics in Prometheus's text format (issue 36): behind its token, parsed by a real parser, moving with the calls. */
const TOKEN = 'metrics-token-7c1e9b2a55';
const t = useTestApp({ env: () => ({ METRICS_TOKEN: TOKEN }) });
let p: Procurement;

type Sample = { labels?: Record<string, string>; value?: string; buckets?: Record<string, string> };
type Family = { name: string; type: string; metrics: Sample[] };

async function scrape(): Promise<Map<string, Family>> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const families = parsePrometheusTextFormat(res.body) as Family[];
  return new Map(families.map((f) => [f.name, f]));
}

/** The sample of a family whose labels include `labels`; 0 when there is none yet. */
function sampleOf(families: Map<string, Family>, name: string, labels: Record<string, string>) {
  const family = families.get(name);
  expect(family, `${name} is exported`).toBeDefined();
  const sample = family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(sample?.value ?? 0);
}

beforeAll(async () => {
  p = await setupProcurement(t);
});

describe('/metrics', () => {
  it('answers 401 without the token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer nope', `Bearer ${TOKEN}x`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.body).not.toContain('freightdesk_');
    }
  });

  it('counts each call by its declared route and status, with its time', async () => {
    const route = { method: 'GET', route: '/api/plants', status: '200' };
    const before = sampleOf(await scrape(), 'freightdesk_http_requests_total', route);
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: `/api/plants?page=${i + 1}`, headers: t.as(p.owner) })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/plants/999999', headers: t.as(p.owner) })).statusCode).toBe(404);
    const after = await scrape();
    expect(sampleOf(after, 'freightdesk_http_requests_total', route)).toBe(before + 3);
    expect(sampleOf(after, 'freightdesk_http_requests_total', { route: '/api/plants/:id', status: '404' })).toBe(1);
    // The times as a histogram (this parser reads its buckets, not their labels).
    const times = after.get('freightdesk_http_request_duration_seconds');
    expect(times?.type).toBe('HISTOGRAM');
    expect(Object.keys(times?.metrics[0]?.buckets ?? {})).toContain('+Inf');
    expect(after.get('freightdesk_process_resident_memory_bytes')?.type).toBe('GAUGE');
  });

  it('shows the job queue: due jobs per kind and how long the oldest has waited', async () => {
    await t.database.db.execute(
      sql`insert into jobs (kind, key, payload, run_at) values ('metrics.probe', 'metrics-probe:1', '{}', now() - interval '90 seconds'),
                                                             ('metrics.probe', 'metrics-probe:2', '{}', now() - interval '10 seconds'),
                                                             ('metrics.probe', 'metrics-probe:3', '{}', now() + interval '1 hour')`,
    );
    try {
      const families = await scrape();
      expect(sampleOf(families, 'freightdesk_jobs', { kind: 'metrics.probe', status: 'due' })).toBe(2);
      expect(sampleOf(families, 'freightdesk_jobs_oldest_due_seconds', { kind: 'metrics.probe' })).toBeGreaterThanOrEqual(89);
    } finally {
      await t.database.db.execute(sql`delete from jobs where kind = 'metrics.probe'`);
    }
  });

  it('counts positions by source and outcome as the ingest takes them', async () => {
    const order = await trackedOrder(t, p, 'Metrics phone');
    const route = await t.app.tracking.ingest.resolver.resolve(order.identifier, 'port');
    expect(route).not.toBeNull();
    const before = await scrape();
    const fix = (minutesAgo: number, latitude: number) => ({
      identifier: order.identifier,
      fixTime: new Date(Math.floor(Date.now() / 1000 - minutesAgo * 60) * 1000),
      latitude,
      longitude: order.plant.longitude,
      speedKmh: 20,
      bearing: 0,
      altitude: 10,
      accuracy: 5,
      battery: 80,
      valid: true,
      attributes: {},
    });
    if (route) {
      await t.app.tracking.ingest.accept(fix(2, order.plant.latitude), route, 'osmand', 'port');
      await t.app.tracking.ingest.accept(fix(1, order.plant.latitude + 0.001), route, 'osmand', 'port');
    }
    const after = await scrape();
    const accepted = { source: 'osmand', outcome: 'accepted' };
    expect(sampleOf(after, 'freightdesk_positions_total', accepted) - sampleOf(before, 'freightdesk_positions_total', accepted)).toBe(2);
  });
});

describe('health', () => {
  it('live and ready answer 200 with each check; ready is 503 naming the drain while the process drains', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'none', storage: 'ok' } });
    t.app.lifecycle.draining = true;
    try {
      const draining = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json().error).toEqual({ code: 'NOT_READY', message: 'This process is shutting down.' });
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it('gives every call an id in its answer, keeping a proxy’s plain one', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'lb-5f2c9a7e-01' } });
    expect(kept.headers['x-request-id']).toBe('lb-5f2c9a7e-01');
    const odd = await t.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'bad id\u00e9<script>' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
