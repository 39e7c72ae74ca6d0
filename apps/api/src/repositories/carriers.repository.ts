import { masterOptionRows } from '@freightdesk/shared/schemas/answers-masters';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Carrier, CarrierListQuery } from '@freightdesk/shared/schemas/carrier';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { carrierGroupMembers, carrierGroups, carriers, industryCarriers } from '../db/schema/tenancy.ts';
import { industryOf } from '../lib/access.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import type { OptionsSpec } from './common/options.ts';
import { withIsoDates } from './common/rows.ts';
import { tenantResource } from '../lib/tenant-resource.ts';

/**
 * My Carriers (a shipper's links to carrier companies) and the carrier companies themselves: the
 * links are tenant-scoped through tenantResource; a company is found by its contacts or GSTIN.
 */

type LinkUpdate = { code?: string; groupIds: number[] };

/** Checks that every group id is one of this shipper's groups. */
export async function checkGroups(db: DbOrTx, industryId: number, groupIds: number[]) {
  if (!groupIds.length) {
    return;
  }
  const [row] = await db
    .select({ n: count() })
    .from(carrierGroups)
    .where(and(eq(carrierGroups.industryId, industryId), inArray(carrierGroups.id, groupIds)));
  if (row?.n !== groupIds.length) {
    throw badRequest('groupIds', 'Choose groups of your own company.');
  }
}

export async function replaceGroups(tx: DbOrTx, linkId: number, groupIds: number[]) {
  await tx.delete(carrierGroupMembers).where(eq(carrierGroupMembers.industryCarrierId, linkId));
  if (groupIds.length) {
    await tx.insert(carrierGroupMembers).values(groupIds.map((groupId) => ({ groupId, industryCarrierId: linkId })));
  }
}

/** My Carriers: the shipper's links to carrier companies, with the company's details. */
export const carrierLinkResource = tenantResource<Carrier, LinkUpdate, CarrierListQuery>({
  entity: 'industry-carrier',
  label: 'Carrier',
  table: industryCarriers,
  select: {
    id: industryCarriers.id,
    carrierId: carriers.id,
    name: carriers.name,
    contactName: carriers.contactName,
    mobile: carriers.mobile,
    email: carriers.email,
    pan: carriers.pan,
    gstin: carriers.gstin,
    address: carriers.address,
    city: carriers.city,
    state: carriers.state,
    pincode: carriers.pincode,
    fleetSize: carriers.fleetSize,
    code: industryCarriers.code,
    status: industryCarriers.status,
    groupIds: sql<
      number[]
    >`coalesce((select array_agg(m.group_id order by m.group_id) from carrier_group_members m where m.industry_carrier_id = industry_carriers.id), '{}')`.as(
      'group_ids',
    ),
    groupNames: sql<
      string[]
    >`coalesce((select array_agg(g.name order by g.name) from carrier_group_members m join carrier_groups g on g.id = m.group_id where m.industry_carrier_id = industry_carriers.id), '{}')`.as(
      'group_names',
    ),
    createdAt: industryCarriers.createdAt,
    updatedAt: industryCarriers.updatedAt,
  },
  joins: [{ table: carriers, on: eq(carriers.id, industryCarriers.carrierId) }],
  search: [carriers.name, carriers.mobile, carriers.email, industryCarriers.code, carriers.city],
  sorts: { name: carriers.name, city: carriers.city, status: industryCarriers.status, createdAt: industryCarriers.createdAt },
  filters: (q) => [
    q.status ? eq(industryCarriers.status, q.status) : undefined,
    q.groupId
      ? sql`exists (select 1 from carrier_group_members m where m.industry_carrier_id = industry_carriers.id and m.group_id = ${q.groupId})`
      : undefined,
  ],
  toRow: withIsoDates<Carrier>,
  toValues: (input) => ({ code: input.code ?? null }),
  check: (tx, actor, input) => checkGroups(tx, actor.industryId, input.groupIds),
  afterWrite: (tx, _actor, id, input) => replaceGroups(tx, id, input.groupIds),
});

/** Finds the carrier company that owns a mobile or email: through its users, or its own contact. */
export async function findCarrierByContact(db: DbOrTx, mobile: string, email: string) {
  const [byUser] = await db
    .select({ carrierId: users.carrierId, userType: users.userType })
    .from(users)
    .where(or(eq(users.mobile, mobile), eq(users.email, email)))
    .limit(1);
  if (byUser && byUser.userType !== 2) {
    const field = (await db.select({ id: users.id }).from(users).where(eq(users.email, email))).length ? 'email' : 'mobile';
    throw conflict(field, `This ${field} belongs to a shipper or admin account, not a carrier.`);
  }
  if (byUser?.carrierId) {
    return byUser.carrierId;
  }
  const [byCompany] = await db
    .select({ id: carriers.id })
    .from(carriers)
    .where(or(eq(carriers.mobile, mobile), eq(carriers.email, email)))
    .limit(1);
  return byCompany?.id;
}

/** The carrier company registered with a GSTIN. */
export async function carrierIdByGstin(db: DbOrTx, gstin: string): Promise<number | undefined> {
  const [owner] = await db.select({ id: carriers.id }).from(carriers).where(eq(carriers.gstin, gstin));
  return owner?.id;
}

/** The shipper's link to a carrier company, if it has one. */
export async function carrierLinkOf(db: DbOrTx, industryId: number, carrierId: number): Promise<number | undefined> {
  const [existing] = await db
    .select({ id: industryCarriers.id })
    .from(industryCarriers)
    .where(and(eq(industryCarriers.industryId, industryId), eq(industryCarriers.carrierId, carrierId)));
  return existing?.id;
}

/** A new carrier company with its first user (the contact), to be invited. */
export async function insertCarrierWithUser(
  tx: DbOrTx,
  company: typeof carriers.$inferInsert,
  contact: { name: string; email: string; mobile: string },
): Promise<{ carrierId: number; user: { id: number; name: string; email: string } | undefined }> {
  const [created] = await tx.insert(carriers).values(company).returning({ id: carriers.id });
  const carrierId = created?.id ?? 0;
  const [user] = await tx
    .insert(users)
    .values({ userType: 2, name: contact.name, email: contact.email, mobile: contact.mobile, carrierId })
    .returning({ id: users.id, name: users.name, email: users.email });
  return { carrierId, user };
}

export async function insertCarrierLink(tx: DbOrTx, industryId: number, carrierId: number, code: string | null): Promise<number> {
  const [link] = await tx.insert(industryCarriers).values({ industryId, carrierId, code }).returning({ id: industryCarriers.id });
  return link?.id ?? 0;
}

/** Carriers of My Carriers for pickers (id = the link id); blocked ones are not offered. */
export const carrierOptions: OptionsSpec = {
  answer: masterOptionRows.carrier,
  master: 'carriers',
  tag: 'carriers',
  table: industryCarriers,
  joins: [{ table: carriers, on: eq(carriers.id, industryCarriers.carrierId) }],
  columns: { id: industryCarriers.id, label: carriers.name, name: carriers.name, code: industryCarriers.code, city: carriers.city },
  label: carriers.name,
  scope: (user) => eq(industryCarriers.industryId, industryOf(user)),
  offered: eq(industryCarriers.status, 'active'),
  search: [carriers.name, industryCarriers.code, carriers.city],
  order: [asc(carriers.name), asc(industryCarriers.id)],
};
