import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Carrier, CarrierInputParsed, CarrierListQuery } from '@freightdesk/shared/schemas/carrier';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { carrierGroupMembers, carrierGroups, carriers, industryCarriers } from '../../db/schema/tenancy.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { withIsoDates } from '../../lib/rows.ts';
import { type Actor, tenantResource } from '../../lib/tenant-resource.ts';

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

async function replaceGroups(tx: DbOrTx, linkId: number, groupIds: number[]) {
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

export type AddedCarrier = { linkId: number; invite?: { id: number; name: string; email: string } };

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

/**
 * Adds a carrier to My Carriers: links the existing company that owns the mobile or email, or
 * creates the company with a carrier user (who is then invited to set a password).
 */
export async function addCarrier(db: Db, actor: Actor, input: CarrierInputParsed): Promise<AddedCarrier> {
  return db.transaction(async (tx) => {
    if (input.gstin) {
      const [owner] = await tx.select({ id: carriers.id }).from(carriers).where(eq(carriers.gstin, input.gstin));
      const byContact = await findCarrierByContact(tx, input.mobile, input.email);
      if (owner && owner.id !== byContact) {
        throw conflict('gstin', 'Another carrier company already has this GSTIN. Add it by its mobile or email.');
      }
    }
    await checkGroups(tx, actor.industryId, input.groupIds);
    let carrierId = await findCarrierByContact(tx, input.mobile, input.email);
    let invite: AddedCarrier['invite'];
    if (carrierId) {
      const [existing] = await tx
        .select({ id: industryCarriers.id })
        .from(industryCarriers)
        .where(and(eq(industryCarriers.industryId, actor.industryId), eq(industryCarriers.carrierId, carrierId)));
      if (existing) {
        throw conflict('mobile', 'This carrier is already in My Carriers.');
      }
    } else {
      const { code: _code, groupIds: _groups, ...company } = input;
      const [created] = await tx.insert(carriers).values(company).returning({ id: carriers.id });
      carrierId = created?.id ?? 0;
      const [user] = await tx
        .insert(users)
        .values({ userType: 2, name: input.contactName, email: input.email, mobile: input.mobile, carrierId })
        .returning({ id: users.id, name: users.name, email: users.email });
      invite = user;
    }
    const [link] = await tx
      .insert(industryCarriers)
      .values({ industryId: actor.industryId, carrierId, code: input.code ?? null })
      .returning({ id: industryCarriers.id });
    const linkId = link?.id ?? 0;
    await replaceGroups(tx, linkId, input.groupIds);
    await carrierLinkResource.audit(tx, actor, linkId, invite ? 'create-carrier' : 'link-carrier', undefined, input);
    return { linkId, invite };
  });
}
