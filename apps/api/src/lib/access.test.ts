import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { useTestApp } from '../test/harness.ts';
import { accessPlugin } from './access.ts';

const t = useTestApp();

describe('access rules', () => {
  it('refuses to start when an /api route declares no access rule', async () => {
    const database = await openPglite('memory://');
    const app = Fastify();
    await app.register(accessPlugin, { db: database.db });
    expect(() => app.get('/api/forgotten', async () => ({ ok: true }))).toThrow(/declares no access rule/);
    await app.close();
    await database.close();
  });

  it('every /api route of the real app declares one', async () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('api/plants');
    // Building the app succeeded, which the onRoute check only allows when every route declares access.
    expect(t.app.hasRoute({ method: 'GET', url: '/api/plants' })).toBe(true);
  });

  it('unknown API paths answer JSON 404, never a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('malformed JSON is a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"login":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBeTruthy();
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths).toHaveProperty('/api/plants/');
    expect(doc.paths).toHaveProperty('/api/shipper-permissions');
  });
});
