import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth.ts';
import { industries } from '../../db/schema/tenancy.ts';
import { useTestApp } from '../../test/harness.ts';
import { describeTenantResource } from '../../test/resource-suite.ts';

const t = useTestApp();

const roleId = async (owner: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/roles/options', headers: t.as(owner) });
  return res.json().data[0].id as number;
};

describeTenantResource(t, {
  base: '/api/staff',
  valid: { name: 'Kiran Rao' },
  variant: (n) => ({ email: `kiran${n}@demo.test`, mobile: `98${String(n).padStart(8, '0')}` }),
  prepare: async (owner) => ({ roleId: await roleId(owner) }),
  foreign: async () => {
    const [sunrise] = await t.database.db.select({ id: industries.id }).from(industries).where(eq(industries.name, 'Sunrise Polymers'));
    const [row] = await t.database.db
      .insert(users)
      .values({ userType: 4, name: 'Other staff', email: 'other.staff@sunrise.test', industryId: sunrise?.id })
      .returning({ id: users.id });
    return row?.id ?? 0;
  },
  invalid: [
    [{ email: 'not-mail' }, 'email'],
    [{ mobile: '123' }, 'mobile'],
    [{ roleId: 999_999 }, 'roleId'],
    [{ plantIds: [999_999] }, 'plantIds'],
  ],
  edit: [{ name: 'Kiran R' }, 'name'],
  search: 'Kiran',
  deletable: false,
});

describe('staff', () => {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.as(token), payload });

  it('never reaches the owner through the staff routes', async () => {
    const owner = await t.login('owner@demo.test');
    const [me] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'owner@demo.test'));
    expect((await call('GET', `/api/staff/${me?.id}`, owner)).statusCode).toBe(404);
    expect((await call('POST', `/api/staff/${me?.id}/status`, owner, { status: 'inactive' })).statusCode).toBe(404);
  });

  it('invites a new member, who sets a password, logs in and sees only the assigned plants', async () => {
    const owner = await t.login('owner@demo.test');
    const plants = (await call('GET', '/api/plants/options', owner)).json().data as { id: number; code: string }[];
    const pune = plants.find((p) => p.code === 'PUN01');
    const role = await call('POST', '/api/roles', owner, { name: 'Pune viewer', permissions: ['list-plant'] });
    const before = t.mails.length;
    const created = await call('POST', '/api/staff', owner, {
      name: 'Neha Joshi',
      email: 'Neha@Demo.test',
      mobile: '9123456780',
      roleId: role.json().data.id,
      plantIds: [pune?.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ email: 'neha@demo.test', plantIds: [pune?.id], roleName: 'Pune viewer' });
    const mail = t.mails[before];
    expect(mail?.to).toBe('neha@demo.test');
    expect(mail?.subject).toMatch(/invited/);
    const token = /#\/password\/reset\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Neha12345', passwordConfirmation: 'Neha12345' },
    });
    expect(set.statusCode).toBe(200);
    const neha = await t.login('neha@demo.test', 'Neha12345');
    const seen = (await call('GET', '/api/plants', neha)).json().data.map((p: { code: string }) => p.code);
    expect(seen).toEqual(['PUN01']);
    const vapi = plants.find((p) => p.code === 'VAP01');
    expect((await call('GET', `/api/plants/${vapi?.id}`, neha)).statusCode).toBe(404);
    expect((await call('GET', '/api/plants/options', neha)).json().data).toHaveLength(1);

    const off = await call('POST', `/api/staff/${created.json().data.id}/status`, owner, { status: 'inactive' });
    expect(off.json().data.status).toBe('inactive');
    expect((await call('GET', '/api/plants', neha)).statusCode).toBe(401);
  });

  it('refuses a duplicate email or mobile naming the field', async () => {
    const owner = await t.login('owner@demo.test');
    const base = { name: 'Dup', roleId: await roleId(owner) };
    const email = await call('POST', '/api/staff', owner, { ...base, email: 'staff@demo.test', mobile: '9111111111' });
    expect(email.statusCode).toBe(409);
    expect(email.json().error.fields).toHaveProperty('email');
    const mobile = await call('POST', '/api/staff', owner, { ...base, email: 'fresh@demo.test', mobile: '9000000003' });
    expect(mobile.json().error.fields).toHaveProperty('mobile');
  });

  it('refuses a member beyond the plan’s limit with a clear message', async () => {
    const owner = await t.login('owner@demo.test');
    await t.database.db.execute(
      sql`update plans set no_of_members = (select count(*) from users u join industries i on i.id = u.industry_id where i.name = 'Demo Industries' and u.status = 'active')`,
    );
    const res = await call('POST', '/api/staff', owner, {
      name: 'One too many',
      email: 'toomany@demo.test',
      mobile: '9222222222',
      roleId: await roleId(owner),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PLAN_LIMIT');
    expect(res.json().error.message).toMatch(/allows \d+ active members/);
  });
});
