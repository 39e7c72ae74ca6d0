import { asc, eq, sql } from 'drizzle-orm';
import type { Shipper, ShipperInputParsed, ShipperListQuery } from '@freightdesk/shared/schemas/plan';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { industries } from '../db/schema/tenancy.ts';
import type { OptionsSpec } from './common/options.ts';
import type { ResourceSpec } from '../lib/resource-spec.ts';
import { revokeSessions } from './sessions.repository.ts';
import { withIsoDates } from './common/rows.ts';
import { lockVersion } from '../lib/version-check.ts';

/** Shipper companies (industries, issue 32): the admin's picker, rows and company writes. */

/** Shipper companies for the platform admin's pickers (assigning a device). */
export const shipperOptions: OptionsSpec = {
  access: { userTypes: [1] },
  tag: 'shippers',
  table: industries,
  columns: { id: industries.id, label: industries.name, name: industries.name, gstin: industries.gstin },
  label: industries.name,
  scope: () => undefined,
  offered: eq(industries.status, 'active'),
  search: [industries.name, industries.gstin],
  order: [asc(industries.name), asc(industries.id)],
};

const currentSubscription = (column: string) =>
  sql`(select ${sql.raw(column)} from subscriptions s join plans p on p.id = s.plan_id where s.industry_id = industries.id and s.status = 'active' and s.starts_at <= now() and s.ends_at > now() order by s.ends_at desc limit 1)`;

/** Shipper companies as the platform admin sees them. Deactivating one ends its users' sessions. */
export const shipperSpec: ResourceSpec<Shipper, never, ShipperListQuery> = {
  entity: 'industry',
  label: 'Shipper',
  global: true,
  table: industries,
  select: {
    id: industries.id,
    name: industries.name,
    gstin: industries.gstin,
    ownerName: sql<
      string | null
    >`(select u.name from users u where u.industry_id = industries.id and u.user_type = 3 order by u.id limit 1)`.as('owner_name'),
    ownerEmail: sql<
      string | null
    >`(select u.email from users u where u.industry_id = industries.id and u.user_type = 3 order by u.id limit 1)`.as('owner_email'),
    planName: currentSubscription('p.name').as('plan_name'),
    planEndsAt: sql<string | null>`to_char(${currentSubscription('s.ends_at')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as(
      'plan_ends_at',
    ),
    userCount: sql<number>`(select count(*) from users u where u.industry_id = industries.id and u.status = 'active')::int`.as(
      'user_count',
    ),
    status: industries.status,
    createdAt: industries.createdAt,
    updatedAt: industries.updatedAt,
  },
  search: [industries.name, industries.gstin],
  sorts: { name: industries.name, createdAt: industries.createdAt },
  filters: (q) => [
    q.status ? eq(industries.status, q.status) : undefined,
    // As the admin's dashboard counts "plans ending": the latest active plan ends within the days, none after it.
    q.planEndsWithinDays
      ? sql`(select max(s.ends_at) from subscriptions s where s.industry_id = industries.id and s.status = 'active' and s.ends_at > now()) <= now() + make_interval(days => ${q.planEndsWithinDays})`
      : undefined,
  ],
  toRow: withIsoDates<Shipper>,
  toValues: () => ({}),
  afterStatus: async (tx, _actor, id, status) => {
    if (status === 'inactive') {
      await revokeSessions(tx, { industryId: id });
    }
  },
};

export type ShipperCompany = { name: string; gstin: string | null };

/** Inserts the shipper company and its owner (user type 3). */
export async function insertShipper(tx: DbOrTx, input: ShipperInputParsed) {
  const [industry] = await tx
    .insert(industries)
    .values({ name: input.company, gstin: input.gstin ?? null })
    .returning({ id: industries.id });
  const industryId = industry?.id ?? 0;
  const [owner] = await tx
    .insert(users)
    .values({ userType: 3, name: input.ownerName, email: input.ownerEmail, mobile: input.ownerMobile, industryId })
    .returning({ id: users.id, name: users.name, email: users.email });
  return { industryId, owner: owner as { id: number; name: string; email: string } };
}

/** Locks the shipper's row against a change since `expected` (409 STALE). */
export const lockShipper = (tx: DbOrTx, id: number, expected?: Date) =>
  lockVersion(tx, { table: industries, where: eq(industries.id, id), expected, label: 'Shipper', entity: 'industry' });

export async function shipperCompany(tx: DbOrTx, id: number): Promise<ShipperCompany | undefined> {
  const [row] = await tx.select({ name: industries.name, gstin: industries.gstin }).from(industries).where(eq(industries.id, id));
  return row;
}

export async function setShipperCompany(tx: DbOrTx, id: number, after: ShipperCompany): Promise<void> {
  await tx
    .update(industries)
    .set({ ...after, updatedAt: new Date() })
    .where(eq(industries.id, id));
}
