import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { JoiningFee, Plan, PlanInputParsed, PlanListQuery } from '@freightdesk/shared/schemas/plan';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { platformSettings } from '../db/schema/platform.ts';
import { plans, subscriptions } from '../db/schema/tenancy.ts';
import type { ResourceSpec } from '../lib/resource-spec.ts';
import { withIsoDates } from './common/rows.ts';

/**
 * Plans, subscriptions and the joining fee (issue 32): the platform's plans (admin data, no tenant),
 * and a shipper's subscription and usage, each read for the one shipper named.
 */

export const planSpec: ResourceSpec<Plan, PlanInputParsed, PlanListQuery> = {
  entity: 'plan',
  label: 'Plan',
  global: true,
  table: plans,
  select: {
    id: plans.id,
    name: plans.name,
    priceRupees: sql<number>`(plans.price_paise / 100.0)::float8`.as('price_rupees'),
    durationDays: plans.durationDays,
    noOfMembers: plans.noOfMembers,
    noOfPlants: plans.noOfPlants,
    status: plans.status,
    createdAt: plans.createdAt,
    updatedAt: plans.updatedAt,
  },
  search: [plans.name],
  sorts: { name: plans.name, price: plans.pricePaise },
  filters: (q) => [q.status ? eq(plans.status, q.status) : undefined],
  toRow: withIsoDates<Plan>,
  toValues: ({ priceRupees, ...rest }) => ({ ...rest, pricePaise: Math.round(priceRupees * 100) }),
};

/** The shipper's subscription in force now, with its plan (at most one row). */
export const currentPlanQuery = (db: DbOrTx, industryId: number) =>
  db
    .select({
      planId: plans.id,
      planName: plans.name,
      noOfMembers: plans.noOfMembers,
      noOfPlants: plans.noOfPlants,
      startsAt: subscriptions.startsAt,
      endsAt: subscriptions.endsAt,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.industryId, industryId),
        eq(subscriptions.status, 'active'),
        lte(subscriptions.startsAt, sql`now()`),
        gt(subscriptions.endsAt, sql`now()`),
      ),
    )
    .orderBy(sql`${subscriptions.endsAt} desc`)
    .limit(1);

/** The shipper's plan in force now: a list of one item, or empty when there is none. */
export async function currentPlan(db: DbOrTx, industryId: number | null) {
  if (!industryId) {
    return [];
  }
  const rows = await currentPlanQuery(db, industryId);
  return rows.map((r) => ({ ...r, startsAt: r.startsAt.toISOString(), endsAt: r.endsAt.toISOString() }));
}

export type PlanRecord = typeof plans.$inferSelect;

/** The plan, if it is on offer. */
export async function offeredPlan(db: DbOrTx, planId: number): Promise<PlanRecord | undefined> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.status, 'active')));
  return plan;
}

export async function planById(db: DbOrTx, planId: number): Promise<PlanRecord | undefined> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  return plan;
}

export async function insertSubscription(
  tx: DbOrTx,
  row: { industryId: number; planId: number; startsAt: Date; endsAt: Date },
): Promise<number | undefined> {
  const [sub] = await tx.insert(subscriptions).values(row).returning({ id: subscriptions.id });
  return sub?.id;
}

/** The shipper's active users (the plan's members). */
export async function activeMemberCount(db: DbOrTx, industryId: number): Promise<number> {
  const [members] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.industryId, industryId), eq(users.status, 'active')));
  return members?.n ?? 0;
}

const JOINING_FEE_KEY = 'joining_fee';

export async function joiningFee(db: DbOrTx): Promise<JoiningFee> {
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, JOINING_FEE_KEY));
  return (row?.value as JoiningFee | undefined) ?? { amountRupees: 0, note: '' };
}

export async function setJoiningFee(db: DbOrTx, fee: JoiningFee): Promise<JoiningFee> {
  await db
    .insert(platformSettings)
    .values({ key: JOINING_FEE_KEY, value: fee })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: fee, updatedAt: new Date() } });
  return fee;
}
