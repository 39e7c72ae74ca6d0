import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { useTestApp } from '../test/harness.ts';
import { tileSource } from './security-headers.ts';

const t = useTestApp();
const web = mkdtempSync(path.join(tmpdir(), 'fd-web-'));

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.tiles.example",
  "connect-src 'self'",
  "worker-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join(';');

/** Builds the app on the test database with its own configuration (a built SPA in a scratch folder). */
async function appWith(env: Record<string, string>, extra?: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: web, MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png', ...env });
  const app = await buildApp({ database: t.database, config, logger: false });
  extra?.(app);
  await app.ready();
  return app;
}

let app: FastifyInstance;
beforeAll(async () => {
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
  writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
  app = await appWith({}, (a) =>
    // A route that sets its own, stricter policy, as document downloads do.
    a.get('/api/own-policy', { config: { access: 'public' } }, async (_request, reply) =>
      reply.header('content-security-policy', "default-src 'none'; sandbox").send('file'),
    ),
  );
});
afterAll(async () => {
  await app?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('security headers', () => {
  const answers: [string, { method: 'GET' | 'POST'; url: string; payload?: string; headers?: Record<string, string> }, number][] = [
    ['the SPA', { method: 'GET', url: '/' }, 200],
    ['an SPA route', { method: 'GET', url: '/login' }, 200],
    ['a static asset', { method: 'GET', url: '/assets/app.js' }, 200],
    ['API JSON', { method: 'GET', url: '/api/health' }, 200],
    ['an error', { method: 'POST', url: '/api/shipper-permissions' }, 401],
    ['a bad body', { method: 'POST', url: '/api/auth/login', payload: '{', headers: { 'content-type': 'application/json' } }, 400],
    ['an unknown API path', { method: 'GET', url: '/api/nothing-here' }, 404],
    ['the API docs', { method: 'GET', url: '/api/docs/' }, 200],
  ];
  it.each(answers)('on %s', async (_name, request, status) => {
    const res = await app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-security-policy']).toBe(CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("leaves a route's own stricter policy in place", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/own-policy' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('sends HSTS over HTTPS from a trusted proxy, or when PUBLIC_URL is https', async () => {
    const proxied = await appWith({ TRUST_PROXY: '127.0.0.1' });
    const https = { 'x-forwarded-proto': 'https' };
    const hsts = async (a: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
      (await a.inject({ method: 'GET', url: '/api/health', remoteAddress, headers })).headers['strict-transport-security'];
    expect(await hsts(proxied, '127.0.0.1', https)).toBe('max-age=31536000; includeSubDomains');
    expect(await hsts(proxied, '127.0.0.1')).toBeUndefined();
    expect(await hsts(proxied, '10.30.0.1', https)).toBeUndefined();
    expect(await hsts(app, '127.0.0.1', https)).toBeUndefined();
    await proxied.close();
    const public_ = await appWith({ PUBLIC_URL: 'https://freight.example.com' });
    expect(await hsts(public_, '10.30.0.1')).toBe('max-age=31536000; includeSubDomains');
    await public_.close();
  });

  it('allows the map tiles of MAP_TILE_URL as images', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.tile.example.com:8443/{z}/{x}/{y}.png')).toBe('https://*.tile.example.com:8443');
    expect(tileSource('https://tiles-{s}.example.com/{z}/{x}/{y}.png')).toBe('https:');
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
  });

  it('the web app has no inline script, style or event handler for the CSP to refuse', () => {
    const html = readFileSync(path.resolve(import.meta.dirname, '../../../web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b|\son[a-z]+=|javascript:/i);
  });
});
