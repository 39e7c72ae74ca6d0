import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_SCOPES } from '@freightdesk/shared/api-scopes';
import { PERMISSIONS } from '@freightdesk/shared/permissions';
import { insertApiKey } from '../repositories/api-keys.repository.ts';
import { newApiKey } from '../lib/api-keys.ts';
import type { TestContext } from './harness.ts';
import { type Fixtures, MARK } from './isolation-fixtures.ts';
import { createStaff } from './staff.ts';

/**
 * The hostile callers of the isolation test (lib/isolation.test.ts): another shipper, a carrier the
 * demo shipper never linked, staff without the permission, staff of another plant, API keys of that
 * other shipper and that carrier; and the demo shipper's own API key, a record they must not reach.
 */

/** The one permission of the staff user "without permission" (a role needs one). */
export const HELD = 'list-whats-new';

export type Hostile = Record<'tenant' | 'carrier' | 'staffNoPermission' | 'staffElsewhere' | 'tenantKey' | 'carrierKey', string>;

/** Signs in (or makes) each hostile caller; answers their tokens and the demo shipper's key's id. */
export async function hostileUsers(t: TestContext, f: Fixtures): Promise<{ who: Hostile; demoKeyId: number }> {
  const who = {} as Hostile;
  who.tenant = await t.login('noplan@demo.test');
  // A carrier the demo shipper never linked: Sunrise Polymers adds it to its own carriers.
  const before = t.mails.length;
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/carriers',
    headers: t.as(who.tenant),
    payload: { name: 'Xeno Freight', contactName: 'Xavier', mobile: '9700000001', email: 'xeno@carrier.test' },
  });
  expect(added.statusCode, added.body).toBe(201);
  const link = /#\/password\/reset\/([\w-]+)/.exec(t.mails.slice(before).at(-1)?.text ?? '')?.[1];
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: link, password: 'Xeno12345', passwordConfirmation: 'Xeno12345' },
  });
  who.carrier = await t.login('xeno@carrier.test', 'Xeno12345');
  who.staffNoPermission = (await createStaff(t, f.owner, { permissions: [HELD] })).token;
  who.staffElsewhere = (await createStaff(t, f.owner, { permissions: [...PERMISSIONS], plantIds: [f.otherPlantId] })).token;
  const demoKeyId = await demoShipperKey(t, f);
  who.carrierKey = await carrierKey(t, who.carrier);
  who.tenantKey = await shipperKey(t, 'noplan@demo.test');
  return { who, demoKeyId };
}

async function demoShipperKey(t: TestContext, f: Fixtures): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: t.as(f.owner),
    payload: { name: `${MARK} key`, scopes: ['orders:read'], expiresInDays: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** A key of the carrier with every scope it may grant, made through the API. */
async function carrierKey(t: TestContext, token: string): Promise<string> {
  const scopes = API_SCOPES.filter((s) => !s.startsWith('masters:'));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: t.as(token),
    payload: { name: 'Probe', scopes, expiresInDays: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.key as string;
}

/** A key of a shipper with every scope, stored directly (the plan-less shipper may not make one through the API). */
async function shipperKey(t: TestContext, email: string): Promise<string> {
  const { key, hash, prefix } = newApiKey();
  const result = (await t.database.db.execute(sql`select id, industry_id from users where email = ${email}`)) as unknown as {
    rows: { id: number; industry_id: number }[];
  };
  const user = result.rows[0];
  expect(user).toBeDefined();
  await t.seed((db) =>
    insertApiKey(db, {
      industryId: user?.industry_id,
      name: 'Probe',
      keyHash: hash,
      prefix,
      scopes: [...API_SCOPES],
      createdBy: user?.id ?? 0,
      expiresAt: new Date(Date.now() + 86_400_000),
    }),
  );
  return key;
}
