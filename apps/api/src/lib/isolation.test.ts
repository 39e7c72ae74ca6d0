import { beforeAll, describe, expect, it } from 'vitest';
import type { Access } from './access.ts';
import { useTestApp } from '../test/harness.ts';
import { createFixtures, type Fixtures, MARK } from '../test/isolation-fixtures.ts';
import { routeProbe } from '../test/isolation-targets.ts';
import { HELD, type Hostile, hostileUsers } from '../test/isolation-users.ts';
import { fill, operations } from '../test/openapi.ts';

/**
 * Generated from the OpenAPI document: every route that names a record is called with the demo
 * shipper's ids by another shipper, a carrier the shipper never linked, staff without the
 * permission, staff of another plant, API keys of that other shipper and that carrier, and no
 * token; every list is read by them too. Any 2xx on the shipper's data (or its mark in a list) is
 * a leak. A new route is covered without a new test;
 * a route whose ids this test cannot place fails it until it is placed in test/isolation-targets.ts.
 */
// Every route is called by each hostile user in a minute or two: no key budget may refuse them first.
const t = useTestApp({ env: () => ({ API_KEY_CALLS_PER_MINUTE: '1000000' }) });
let f: Fixtures;
/** An API key of the demo shipper: a record the key routes are called with. */
let demoKeyId = 0;
/** The hostile callers (test/isolation-users.ts). */
let who: Hostile;

/** Does the route need a permission the staff user without permission does not hold? */
const needsPermission = (access: Access | undefined) =>
  access !== undefined &&
  access !== 'public' &&
  access !== 'authenticated' &&
  (('anyOf' in access && !access.anyOf.includes(HELD)) ||
    ('permission' in access && access.permission !== undefined && access.permission !== HELD));
const PLANT_LISTS = /^\/api\/(requests|orders|offline-orders|plants|dashboard|indents|invoices)\b/;

type Leak = { who: string; call: string; status: number };

beforeAll(async () => {
  f = await createFixtures(t);
  ({ who, demoKeyId } = await hostileUsers(t, f));
});

describe('generated tenant isolation of every route', () => {
  it('gives nobody else a 2xx on the demo shipper’s records, and no list shows them', { timeout: 300_000 }, async () => {
    const { targetOf, send } = routeProbe(t, f, demoKeyId);
    const ops = operations(t.app).filter((op) => op.url.startsWith('/api/') && op.url !== '/api/auth/logout');
    const unplaced = ops.filter((op) => op.params.length && !targetOf(op.url)).map((op) => `${op.method} ${op.url}`);
    expect(unplaced, 'routes whose ids the isolation test cannot place: add them to targetOf').toEqual([]);
    const leaks: Leak[] = [];
    let checked = 0;
    // Reads first, then writes, so a write that should fail cannot hide a later read's leak.
    const ordered = [...ops.filter((op) => op.method === 'GET'), ...ops.filter((op) => op.method !== 'GET')];
    for (const op of ordered) {
      const target = op.params.length ? targetOf(op.url) : undefined;
      if (target?.scope === 'public' || op.access === 'public') {
        continue;
      }
      const url = fill(op.url, target?.values ?? {});
      const call = `${op.method} ${url}`;
      const anonymous = await send(op, undefined, url);
      checked++;
      if (anonymous.statusCode !== 401) {
        leaks.push({ who: 'no token', call, status: anonymous.statusCode });
      }
      for (const [name, token] of Object.entries(who)) {
        const elsewhere = name === 'staffElsewhere';
        if (elsewhere && !(target ? ['plant', 'self', 'list'].includes(target.scope) : PLANT_LISTS.test(op.url))) {
          continue;
        }
        if (name === 'staffNoPermission' && !needsPermission(op.access) && target?.scope !== 'self' && target?.scope !== 'admin') {
          continue;
        }
        const res = await send(op, token, url);
        checked++;
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        const list = !target || target.scope === 'list';
        const listsMark = list && op.method === 'GET' && res.body.includes(MARK);
        if ((!list && ok) || listsMark || (name === 'staffNoPermission' && needsPermission(op.access) && res.statusCode !== 403)) {
          leaks.push({ who: name, call, status: res.statusCode });
        }
      }
    }
    expect(checked).toBeGreaterThan(400);
    expect(leaks).toEqual([]);
    // The reports' check can fail: the owner's own spend by plant shows the marked plant.
    const own = await t.app.inject({ method: 'GET', url: '/api/reports/spend?groupBy=plant', headers: t.as(f.owner) });
    expect(own.body).toContain(`${MARK} Plant`);
  });
});
