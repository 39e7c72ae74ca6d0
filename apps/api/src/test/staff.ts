import { expect } from 'vitest';
import type { Permission } from '@freightdesk/shared/permissions';
import type { TestContext } from './harness.ts';

let made = 0;

/**
 * A staff user of the demo shipper with a new role holding `permissions`, assigned to `plantIds`
 * (none: every plant), logged in: answers its token and user id.
 */
export async function createStaff(
  t: TestContext,
  owner: string,
  opts: { permissions: Permission[]; plantIds?: number[] },
): Promise<{ token: string; id: number }> {
  made++;
  const n = String(made);
  const headers = t.as(owner);
  const role = await t.app.inject({
    method: 'POST',
    url: '/api/roles',
    headers,
    payload: { name: `Test role ${n}`, permissions: opts.permissions },
  });
  expect(role.statusCode, role.body).toBe(201);
  const email = `staff-${n}@demo.test`;
  const mobile = `98760${String(made).padStart(5, '0')}`;
  const before = t.mails.length;
  const user = await t.app.inject({
    method: 'POST',
    url: '/api/staff',
    headers,
    payload: { name: `Staff ${n}`, email, mobile, roleId: role.json().data.id, plantIds: opts.plantIds ?? [] },
  });
  expect(user.statusCode, user.body).toBe(201);
  const link = /#\/password\/reset\/([\w-]+)/.exec(t.mails.slice(before).at(-1)?.text ?? '')?.[1];
  const set = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: link, password: 'Staff12345', passwordConfirmation: 'Staff12345' },
  });
  expect(set.statusCode, set.body).toBe(200);
  return { token: await t.login(email, 'Staff12345'), id: user.json().data.id };
}
