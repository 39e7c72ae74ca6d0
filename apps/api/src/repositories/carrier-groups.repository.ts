import { masterOptionRows } from '@freightdesk/shared/schemas/answers-masters';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { CarrierGroup, CarrierGroupInput } from '@freightdesk/shared/schemas/carrier';
import type { ListQuery } from '@freightdesk/shared/schemas/common';
import type { DbOrTx } from '../db/client.ts';
import { carrierGroupMembers, carrierGroups, industryCarriers } from '../db/schema/tenancy.ts';
import { industryOf } from '../lib/access.ts';
import { badRequest } from '../lib/errors.ts';
import type { OptionsSpec } from './common/options.ts';
import { withIsoDates } from './common/rows.ts';
import { tenantResource } from '../lib/tenant-resource.ts';

/** A shipper's carrier groups (tenant-scoped through tenantResource) and their members, the links of My Carriers. */

type Input = Required<Pick<CarrierGroupInput, 'name'>> & { carrierLinkIds: number[] };

async function replaceMembers(tx: DbOrTx, industryId: number, groupId: number, linkIds: number[]) {
  if (linkIds.length) {
    const [row] = await tx
      .select({ n: count() })
      .from(industryCarriers)
      .where(and(eq(industryCarriers.industryId, industryId), inArray(industryCarriers.id, linkIds)));
    if (row?.n !== linkIds.length) {
      throw badRequest('carrierLinkIds', 'Choose carriers from My Carriers.');
    }
  }
  await tx.delete(carrierGroupMembers).where(eq(carrierGroupMembers.groupId, groupId));
  if (linkIds.length) {
    await tx.insert(carrierGroupMembers).values(linkIds.map((industryCarrierId) => ({ groupId, industryCarrierId })));
  }
}

export const carrierGroupResource = tenantResource<CarrierGroup, Input, ListQuery>({
  entity: 'carrier-group',
  label: 'Carrier group',
  table: carrierGroups,
  select: {
    id: carrierGroups.id,
    name: carrierGroups.name,
    status: carrierGroups.status,
    carrierLinkIds: sql<
      number[]
    >`coalesce((select array_agg(m.industry_carrier_id order by m.industry_carrier_id) from carrier_group_members m where m.group_id = carrier_groups.id), '{}')`.as(
      'carrier_link_ids',
    ),
    memberCount: sql<number>`(select count(*) from carrier_group_members m where m.group_id = carrier_groups.id)::int`.as('member_count'),
    createdAt: carrierGroups.createdAt,
    updatedAt: carrierGroups.updatedAt,
  },
  search: [carrierGroups.name],
  sorts: { name: carrierGroups.name, createdAt: carrierGroups.createdAt },
  unique: { carrier_groups_industry_name: ['name', 'Another group already has this name.'] },
  toRow: withIsoDates<CarrierGroup>,
  toValues: (input) => ({ name: input.name }),
  afterWrite: (tx, actor, id, input) => replaceMembers(tx, actor.industryId, id, input.carrierLinkIds),
});

/** The shipper's carrier groups for pickers; inactive ones are not offered. */
export const carrierGroupOptions: OptionsSpec = {
  answer: masterOptionRows.carrierGroup,
  master: 'carrierGroups',
  tag: 'carrier groups',
  table: carrierGroups,
  columns: { id: carrierGroups.id, label: carrierGroups.name, name: carrierGroups.name },
  label: carrierGroups.name,
  scope: (user) => eq(carrierGroups.industryId, industryOf(user)),
  offered: eq(carrierGroups.status, 'active'),
  search: [carrierGroups.name],
  order: [asc(carrierGroups.name), asc(carrierGroups.id)],
};
