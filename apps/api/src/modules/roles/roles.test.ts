import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { describeTenantResource } from '../../test/resource-suite.ts';

const t = useTestApp();

describeTenantResource(t, {
  base: '/api/roles',
  valid: { permissions: ['list-plant', 'list-stop'] },
  variant: (n) => ({ name: `Plant viewer ${n}` }),
  invalid: [
    [{ name: '' }, 'name'],
    [{ permissions: [] }, 'permissions'],
    [{ permissions: ['launch-rockets'] }, 'permissions.0'],
  ],
  edit: [{ permissions: ['list-plant'] }, 'permissions'],
  search: 'viewer',
});

describe('roles', () => {
  it('applies a permission change to the staff’s next request, and a deactivated role grants nothing', async () => {
    const owner = await t.login('owner@demo.test');
    const staff = await t.login('staff@demo.test');
    const perms = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/shipper-permissions', headers: t.as(staff) })).json().data as string[];
    const roles = (await t.app.inject({ method: 'GET', url: '/api/roles?search=Dispatcher', headers: t.as(owner) })).json().data;
    const dispatcher = roles[0];
    expect(dispatcher.staffCount).toBe(1);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/roles/${dispatcher.id}`,
      headers: t.as(owner),
      payload: { name: 'Dispatcher', permissions: [...dispatcher.permissions, 'list-plant'] },
    });
    expect(put.statusCode).toBe(200);
    expect(await perms()).toContain('list-plant');
    expect((await t.app.inject({ method: 'GET', url: '/api/plants', headers: t.as(staff) })).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/roles/${dispatcher.id}/status`,
      headers: t.as(owner),
      payload: { status: 'inactive' },
    });
    expect(await perms()).toEqual([]);
    await t.app.inject({ method: 'POST', url: `/api/roles/${dispatcher.id}/status`, headers: t.as(owner), payload: { status: 'active' } });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/roles/${dispatcher.id}`, headers: t.as(owner) });
    expect(del.statusCode).toBe(409);
  });
});
