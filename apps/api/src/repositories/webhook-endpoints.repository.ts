import { and, arrayContains, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { industryCarriers } from '../db/schema/tenancy.ts';
import { webhookEndpoints } from '../db/schema/webhooks.ts';
import { webhookEndpointsFor } from '../lib/policy-webhooks.ts';
import type { Action, Viewer } from '../lib/policy-scope.ts';

/** Webhook endpoints (issue 34): a company's, read through the policy; the ones an event goes to. */

const e = webhookEndpoints;
export type EndpointRow = typeof webhookEndpoints.$inferSelect;
/** The company a new endpoint belongs to: exactly one of the two. */
export type Company = { industryId: number; carrierId: null } | { industryId: null; carrierId: number };

const nothing = sql`false`;
const scoped = (viewer: Viewer, action: Action, extra?: SQL) => and(webhookEndpointsFor(viewer, action) ?? nothing, extra);

/** The viewer's endpoints, oldest first (a company keeps a handful). */
export const endpointsQuery = (db: DbOrTx, viewer: Viewer) => db.select().from(e).where(scoped(viewer, 'list')).orderBy(e.id).limit(100);

/** One endpoint of the viewer's; none when another company's. */
export const endpointQuery = (db: DbOrTx, viewer: Viewer, id: number, action: Action = 'read') =>
  db
    .select()
    .from(e)
    .where(scoped(viewer, action, eq(e.id, id)))
    .limit(1);

export async function insertEndpoint(
  db: DbOrTx,
  company: Company,
  values: { url: string; description: string | null; eventTypes: string[]; enabled: boolean; secret: string },
): Promise<EndpointRow> {
  const [row] = await db
    .insert(e)
    .values({ ...company, ...values })
    .returning();
  if (!row) {
    throw new Error('webhook endpoint insert returned nothing');
  }
  return row;
}

export const updateEndpointQuery = (
  db: DbOrTx,
  viewer: Viewer,
  id: number,
  set: Partial<Pick<EndpointRow, 'url' | 'description' | 'eventTypes' | 'enabled' | 'disabledReason' | 'failingSince'>>,
) =>
  db
    .update(e)
    .set({ ...set, updatedAt: sql`now()` })
    .where(scoped(viewer, 'change', eq(e.id, id)))
    .returning();

export const deleteEndpointQuery = (db: DbOrTx, viewer: Viewer, id: number) =>
  db
    .delete(e)
    .where(scoped(viewer, 'change', eq(e.id, id)))
    .returning({ id: e.id });

/** The new secret signs from now; the one it replaces also signs until `until`. */
export const rotateSecretQuery = (db: DbOrTx, viewer: Viewer, id: number, secret: string, until: Date) =>
  db
    .update(e)
    .set({ previousSecret: e.secret, previousSecretUntil: until, secret, updatedAt: sql`now()` })
    .where(scoped(viewer, 'change', eq(e.id, id)))
    .returning();

/**
 * The enabled endpoints subscribed to `type`: the shipper's own, and those of carriers linked to
 * it (candidates; the policy then says which carriers the event is addressed to).
 */
export const subscribedEndpointsQuery = (db: DbOrTx, type: string, industryId: number) =>
  db
    .select({ id: e.id, industryId: e.industryId, carrierId: e.carrierId })
    .from(e)
    .where(
      and(
        eq(e.enabled, true),
        arrayContains(e.eventTypes, [type]),
        or(
          eq(e.industryId, industryId),
          inArray(
            e.carrierId,
            db.select({ id: industryCarriers.carrierId }).from(industryCarriers).where(eq(industryCarriers.industryId, industryId)),
          ),
        ),
      ),
    )
    .orderBy(e.id);

/** The endpoint as the delivery job reads it (no viewer: the job acts for the company). */
export const endpointForDeliveryQuery = (db: DbOrTx, id: number) => db.select().from(e).where(eq(e.id, id)).limit(1);

/** Notes a failed attempt: failing since the first failure after the last success. */
export const noteEndpointFailureQuery = (db: DbOrTx, id: number) =>
  db
    .update(e)
    .set({ failingSince: sql`coalesce(${e.failingSince}, now())` })
    .where(eq(e.id, id))
    .returning({ failingSince: e.failingSince, enabled: e.enabled });

export const noteEndpointSuccessQuery = (db: DbOrTx, id: number) =>
  db
    .update(e)
    .set({ failingSince: null })
    .where(and(eq(e.id, id), isNotNull(e.failingSince)));

/** Turns the endpoint off for good reason, once: answers the row only when this call turned it off. */
export const disableEndpointQuery = (db: DbOrTx, id: number, reason: string) =>
  db
    .update(e)
    .set({ enabled: false, disabledReason: reason, updatedAt: sql`now()` })
    .where(and(eq(e.id, id), eq(e.enabled, true)))
    .returning();

/** The account users of the endpoint's company: the carrier's accounts, or the shipper's owner. */
export const companyManagersQuery = (db: DbOrTx, endpoint: Pick<EndpointRow, 'industryId' | 'carrierId'>) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(
      endpoint.carrierId
        ? and(eq(users.carrierId, endpoint.carrierId), eq(users.userType, 2), eq(users.status, 'active'))
        : and(eq(users.industryId, endpoint.industryId ?? 0), eq(users.userType, 3), eq(users.status, 'active')),
    );
