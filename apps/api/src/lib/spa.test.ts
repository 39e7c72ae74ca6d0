import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { useTestApp } from '../test/harness.ts';
import { cacheControlFor, IMMUTABLE, REVALIDATE } from './spa.ts';

const t = useTestApp();
const web = mkdtempSync(path.join(tmpdir(), 'fd-spa-'));
const SCRIPT = `console.log(${JSON.stringify('freight '.repeat(300))});`;
const HTML = '<!doctype html><div id="root"></div><script type="module" src="/assets/main-AbC123.js"></script>';

/** A build as Vite and its precompress plugin leave it: each text file beside its .br and .gz. */
function writeBuild() {
  mkdirSync(path.join(web, 'assets'));
  mkdirSync(path.join(web, '.vite'));
  const file = (name: string, body: string, compressed = true) => {
    writeFileSync(path.join(web, name), body);
    if (compressed) {
      writeFileSync(path.join(web, `${name}.br`), brotliCompressSync(body));
      writeFileSync(path.join(web, `${name}.gz`), gzipSync(body));
    }
  };
  file('index.html', HTML, false);
  file('sw.js', SCRIPT);
  file('assets/main-AbC123.js', SCRIPT);
  file('assets/main-AbC123.js.map', '{"version":3,"sources":[]}', false);
  file('.vite/manifest.json', '{"index.html":{}}', false);
}

async function appWith(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: web, ...env });
  const app = await buildApp({ database: t.database, config, logger: false });
  await app.ready();
  return app;
}

let app: FastifyInstance;
beforeAll(async () => {
  writeBuild();
  app = await appWith();
});
afterAll(async () => {
  await app?.close();
  rmSync(web, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('the web app, precompressed', () => {
  it('sends the brotli copy to a browser that takes it, and says so', async () => {
    const res = await get('/assets/main-AbC123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
    // The security headers stay on static files.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const res = await get('/assets/main-AbC123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(gzipSync(SCRIPT))).toBe(true);
  });

  it('sends the file as it is without Accept-Encoding, still varying on it', async () => {
    const res = await get('/assets/main-AbC123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });
});

describe('the web app, cached', () => {
  it('caches hashed assets for a year, immutable, in every encoding', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await get('/assets/main-AbC123.js', encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has the browser revalidate index.html, at / and on the fallback, and the service worker', async () => {
    for (const url of ['/', '/index.html', '/login', '/sw.js']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag, url).toBeTruthy();
    }
    expect((await get('/login')).body).toBe(HTML);
  });

  it('decides by the path inside the build', () => {
    expect(cacheControlFor('assets/leaflet-src-DQ_P3H8Q.css')).toBe(IMMUTABLE);
    expect(cacheControlFor('index.html')).toBe(REVALIDATE);
    expect(cacheControlFor('favicon.svg')).toBe(REVALIDATE);
  });
});

describe('files that are not the app', () => {
  it('refuses source maps and the build manifest with a 404, not the app', async () => {
    for (const url of ['/assets/main-AbC123.js.map', '/.vite/manifest.json']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('answers 404 for a chunk that is gone (a tab on an old release), not index.html', async () => {
    const res = await get('/assets/main-OldOne.js', 'br, gzip');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<!doctype html>');
  });

  it('serves source maps with SERVE_SOURCE_MAPS=1', async () => {
    const debug = await appWith({ SERVE_SOURCE_MAPS: '1' });
    try {
      const res = await debug.inject({ method: 'GET', url: '/assets/main-AbC123.js.map' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ version: 3, sources: [] });
    } finally {
      await debug.close();
    }
  });
});
