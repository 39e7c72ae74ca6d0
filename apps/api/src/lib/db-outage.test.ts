import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPostgres } from '../db/client.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { createTestDatabase, TEST_DB_KIND } from '../test/harness.ts';

/** A TCP proxy in front of PostgreSQL that the test can cut and restore. */
function proxyTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const start = (port: number) =>
    new Promise<number>((resolve) => {
      const srv = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server = srv;
      srv.listen(port, '127.0.0.1', () => resolve((srv.address() as net.AddressInfo).port));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) {
        s.destroy();
      }
      server?.close(() => resolve());
    });
  return { start, stop };
}

describe.skipIf(TEST_DB_KIND !== 'postgres')('PostgreSQL outage', () => {
  it('answers 503 with Retry-After while the database is down and serves again within 5 s', async () => {
    const created = await createTestDatabase();
    await created.database.migrate();
    await seedDemo(created.database.db);
    const target = new URL(created.url ?? '');
    const proxy = proxyTo(target);
    const port = await proxy.start(0);
    const viaProxy = new URL(target);
    viaProxy.host = `127.0.0.1:${port}`;
    const database = await openPostgres(viaProxy.toString());
    const app = await buildApp({ database, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: 'owner@demo.test', password: 'Demo@12345' },
      });
      const token = login.json().data.token;
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      await proxy.stop();
      for (const url of ['/api/health', '/api/plants']) {
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json().error.code).toBe('DATABASE_UNAVAILABLE');
      }

      await proxy.start(port);
      const back = Date.now();
      let status = 0;
      while (Date.now() - back < 5000) {
        status = (await app.inject({ method: 'GET', url: '/api/plants', headers: { authorization: `Bearer ${token}` } })).statusCode;
        if (status === 200) {
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(200);
    } finally {
      await app.close();
      await proxy.stop();
      await database.close().catch(() => undefined);
      await created.drop();
    }
  });
});
