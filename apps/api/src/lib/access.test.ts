import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { useTestApp } from '../test/harness.ts';
import { createStaff } from '../test/staff.ts';
import { accessPlugin } from './access.ts';

const t = useTestApp();

describe('access rules', () => {
  it('refuses to start when an /api route declares no access rule', async () => {
    const database = await openPglite('memory://');
    const app = Fastify();
    await app.register(accessPlugin, { db: database.db, apiKeyCallsPerMinute: 600 });
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

  it('a route with { anyOf } admits a user holding any one of the permissions, and nobody else', async () => {
    const app = Fastify();
    await app.register(accessPlugin, { db: t.database.db, apiKeyCallsPerMinute: 600 });
    app.get('/api/picker', { config: { access: { anyOf: ['list-stop', 'add-outbound-request'] } } }, async () => ({ ok: true }));
    await app.ready();
    const owner = await t.login('owner@demo.test');
    const callAs = (token?: string) => app.inject({ method: 'GET', url: '/api/picker', headers: token ? t.as(token) : {} });
    const requests = await t.login('staff@demo.test'); // holds add-outbound-request, not list-stop
    const stops = (await createStaff(t, owner, { permissions: ['list-stop'] })).token;
    const neither = (await createStaff(t, owner, { permissions: ['list-plant'] })).token;
    expect((await callAs(owner)).statusCode).toBe(200);
    expect((await callAs(requests)).statusCode).toBe(200);
    expect((await callAs(stops)).statusCode).toBe(200);
    const refused = await callAs(neither);
    expect(refused.statusCode).toBe(403);
    // A bare Fastify app (no error handler of ours) answers the message at the top level.
    expect(refused.json().message).toBe("You need one of these permissions for this: 'list-stop', 'add-outbound-request'.");
    expect((await callAs(await t.login('carrier@demo.test'))).statusCode).toBe(403);
    expect((await callAs()).statusCode).toBe(401);
    await app.close();
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
    expect(doc.paths).toHaveProperty('/api/plants');
    expect(doc.paths).toHaveProperty('/api/shipper-permissions');
    // Paths are written without a trailing slash (record 0284).
    expect(Object.keys(doc.paths).filter((p) => p.endsWith('/'))).toEqual([]);
    // Every operation has a summary and an operationId, and no two share one (record 0285).
    type Op = { operationId?: string; summary?: string; responses: Record<string, { content?: object }> };
    const ops = Object.values(doc.paths as Record<string, Record<string, Op>>).flatMap((m) => Object.values(m));
    expect(ops.length).toBeGreaterThan(400);
    expect(ops.filter((o) => !o.operationId || !o.summary)).toEqual([]);
    // Every operation declares its success answer: a schema or a file's content types (record 0286).
    const declared = (o: Op) => Object.entries(o.responses).some(([status, r]) => status.startsWith('2') && r.content);
    expect(ops.filter((o) => !declared(o)).map((o) => o.operationId)).toEqual([]);
    const ids = ops.map((o) => o.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'bearer']);
  });

  it('still answers an old client that sends a trailing slash', async () => {
    const token = await t.login('owner@demo.test');
    const plain = await t.app.inject({ method: 'GET', url: '/api/plants?pageSize=25', headers: t.as(token) });
    const slashed = await t.app.inject({ method: 'GET', url: '/api/plants/?pageSize=25', headers: t.as(token) });
    expect(plain.statusCode).toBe(200);
    expect(slashed.statusCode).toBe(200);
    expect(slashed.json()).toEqual(plain.json());
  });
});
