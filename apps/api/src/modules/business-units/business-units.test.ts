import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { describeTenantResource } from '../../test/resource-suite.ts';

const t = useTestApp();

describeTenantResource(t, {
  base: '/api/business-units',
  valid: { name: 'North Region' },
  variant: (n) => ({ code: `NR${n}` }),
  invalid: [
    [{ name: '' }, 'name'],
    [{ code: '' }, 'code'],
  ],
  edit: [{ name: 'North Region 2' }, 'name'],
  search: 'North',
});

describe('business units', () => {
  it('refuses a duplicate code with 409 naming it, and a delete while plants use the unit', async () => {
    const owner = await t.login('owner@demo.test');
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/business-units',
      headers: t.as(owner),
      payload: { name: 'x', code: 'west' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toHaveProperty('code');
    const list = (await t.app.inject({ method: 'GET', url: '/api/business-units?search=WEST', headers: t.as(owner) })).json();
    const west = list.data[0];
    expect(west.plantCount).toBe(2);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/business-units/${west.id}`, headers: t.as(owner) });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toMatch(/in use/);
  });
});
