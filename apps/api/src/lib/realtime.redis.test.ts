import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { REDIS_TESTS, testRedisEnv, useTestApp } from '../test/harness.ts';
import { setupProcurement } from '../test/procurement.ts';
import { collect, follow, nextEvent, useSockets } from '../test/sockets.ts';

// Live events across API processes through Redis (in one test process; realtime.processes.test.ts
// runs separate OS processes). Never skipped in the PostgreSQL pass, which always has Redis.
const t = useTestApp();
const { socketTo, closeAll } = useSockets();

describe.skipIf(!REDIS_TESTS)('live events across API processes (Redis)', () => {
  it('a bid placed through one API process reaches a socket on another, and never one of another installation on the same Redis', async () => {
    const p = await setupProcurement(t);
    const config = loadConfig({ LOG_LEVEL: 'silent', ...testRedisEnv() });
    // Another installation (its own database in real life) whose operator shares the Redis server.
    const other = loadConfig({ LOG_LEVEL: 'silent', ...testRedisEnv(), REDIS_KEY_PREFIX: `${config.redisKeyPrefix}-other` });
    const a = await buildApp({ database: t.database, config, logger: false });
    const b = await buildApp({ database: t.database, config, logger: false });
    const c = await buildApp({ database: t.database, config: other, logger: false });
    try {
      await b.listen({ port: 0, host: '127.0.0.1' });
      await c.listen({ port: 0, host: '127.0.0.1' });
      const request = (
        await t.app.inject({ method: 'POST', url: '/api/requests/outbound', headers: t.as(p.owner), payload: p.base })
      ).json().data as { id: number };
      const onB = await socketTo(`http://127.0.0.1:${(b.server.address() as AddressInfo).port}`, p.owner);
      const onC = await socketTo(`http://127.0.0.1:${(c.server.address() as AddressInfo).port}`, p.owner);
      expect(await follow(onB, request.id)).toBe(true);
      expect(await follow(onC, request.id)).toBe(true);
      const pushed = nextEvent(onB, 'request:bids');
      const strays = collect(onC, 'request:bids');
      const placed = await a.inject({
        method: 'POST',
        url: `/api/carrier/requests/${request.id}/bids`,
        headers: t.as(p.vayu),
        payload: { amountRupees: 44000, vehicles: 1 },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      expect((await pushed).requestId).toBe(request.id);
      // B has it; C, subscribed to the same room on the same Redis under another prefix, must not.
      await new Promise((r) => setTimeout(r, 300));
      expect(strays).toEqual([]);
    } finally {
      // Open client sockets would hold the server's close.
      closeAll();
      await a.close();
      await b.close();
      await c.close();
    }
  });
});
