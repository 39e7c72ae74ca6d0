import { eq, sql } from 'drizzle-orm';
import type { Shipper, ShipperInputParsed, ShipperListQuery, ShipperUpdateParsed } from '@freightdesk/shared/schemas/plan';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { industries } from '../../db/schema/tenancy.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, notFound, uniqueViolation } from '../../lib/errors.ts';
import { revokeSessions } from '../../lib/sessions.ts';
import { withIsoDates } from '../../lib/rows.ts';
import { tenantResource } from '../../lib/tenant-resource.ts';
import { lockVersion } from '../../lib/version-check.ts';

const currentSubscription = (column: string) =>
  sql`(select ${sql.raw(column)} from subscriptions s join plans p on p.id = s.plan_id where s.industry_id = industries.id and s.status = 'active' and s.starts_at <= now() and s.ends_at > now() order by s.ends_at desc limit 1)`;

/** Shipper companies as the platform admin sees them. Deactivating one ends its users' sessions. */
export const shipperResource = tenantResource<Shipper, never, ShipperListQuery>({
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
});

/** Creates a shipper company with its owner (user type 3), who is then invited to set a password. */
export async function createShipper(db: Db, adminId: number, input: ShipperInputParsed) {
  return db
    .transaction(async (tx) => {
      const [industry] = await tx
        .insert(industries)
        .values({ name: input.company, gstin: input.gstin ?? null })
        .returning({ id: industries.id });
      const industryId = industry?.id ?? 0;
      const [owner] = await tx
        .insert(users)
        .values({ userType: 3, name: input.ownerName, email: input.ownerEmail, mobile: input.ownerMobile, industryId })
        .returning({ id: users.id, name: users.name, email: users.email });
      await writeAudit(tx, { industryId, actorUserId: adminId, entity: 'industry', entityId: industryId, action: 'create', to: input });
      return { industryId, owner: owner as { id: number; name: string; email: string } };
    })
    .catch((err: unknown) => {
      const constraint = uniqueViolation(err);
      if (constraint === 'users_email') {
        throw conflict('ownerEmail', 'Another account already uses this email.');
      }
      if (constraint === 'users_mobile') {
        throw conflict('ownerMobile', 'Another account already uses this mobile number.');
      }
      throw err;
    });
}

/** The admin corrects a shipper's company name or GSTIN; the change is audited with both versions. */
export async function updateShipper(db: Db, adminId: number, id: number, input: ShipperUpdateParsed, expected?: Date): Promise<Shipper> {
  await db.transaction(async (tx) => {
    await lockVersion(tx, { table: industries, where: eq(industries.id, id), expected, label: 'Shipper', entity: 'industry' });
    const [before] = await tx.select({ name: industries.name, gstin: industries.gstin }).from(industries).where(eq(industries.id, id));
    if (!before) {
      throw notFound('Shipper');
    }
    const after = { name: input.company, gstin: input.gstin ?? null };
    await tx
      .update(industries)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(industries.id, id));
    await writeAudit(tx, {
      industryId: id,
      actorUserId: adminId,
      entity: 'industry',
      entityId: id,
      action: 'update',
      from: before,
      to: after,
    });
  });
  return shipperResource.mustFind(db, 0, id);
}
