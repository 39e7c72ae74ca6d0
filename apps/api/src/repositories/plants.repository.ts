import { masterOptionRows } from '@freightdesk/shared/schemas/answers-masters';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Plant, PlantInputParsed, PlantListQuery } from '@freightdesk/shared/schemas/plant';
import type { DbOrTx } from '../db/client.ts';
import { plants } from '../db/schema/plants.ts';
import { businessUnits } from '../db/schema/tenancy.ts';
import { industryOf } from '../lib/access.ts';
import { badRequest } from '../lib/errors.ts';
import type { OptionsSpec } from './common/options.ts';
import { type StaffScope, staffPlantScope } from '../lib/policy.ts';
import type { ResourceSpec } from '../lib/resource-spec.ts';
import { withIsoDates } from './common/rows.ts';
import { lockVersion } from '../lib/version-check.ts';

/**
 * Plants (issue 32): their picker, rows and SLA texts, scoped to the shipper and a staff user's
 * plants (the policy's staffPlantScope).
 */

/** Plants for pickers and filters: the shipper's, within a staff user's plants. */
export const plantOptions: OptionsSpec = {
  answer: masterOptionRows.plant,
  master: 'plants',
  tag: 'plants',
  table: plants,
  columns: { id: plants.id, label: plants.name, name: plants.name, code: plants.code, city: plants.city },
  label: plants.name,
  scope: (user) => and(eq(plants.industryId, industryOf(user)), staffPlantScope(user, plants.id)),
  offered: eq(plants.status, 'active'),
  search: [plants.name, plants.code, plants.city],
  order: [asc(plants.name), asc(plants.id)],
};

/** A staff user's plants (the policy's rule); none assigned means every plant. */
export const plantRestriction = (user: StaffScope) => staffPlantScope(user, plants.id);

async function businessUnitBelongs(db: DbOrTx, industryId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: businessUnits.id })
    .from(businessUnits)
    .where(and(eq(businessUnits.industryId, industryId), eq(businessUnits.id, id)));
  return Boolean(row);
}

/** The shipper's active plants, counted against its plan's limit. */
export async function activePlantCount(db: DbOrTx, industryId: number): Promise<number> {
  const [used] = await db
    .select({ n: count() })
    .from(plants)
    .where(and(eq(plants.industryId, industryId), eq(plants.status, 'active')));
  return used?.n ?? 0;
}

export const plantSpec: ResourceSpec<Plant, PlantInputParsed, PlantListQuery> = {
  entity: 'plant',
  label: 'Plant',
  table: plants,
  select: {
    id: plants.id,
    name: plants.name,
    code: plants.code,
    gstin: plants.gstin,
    businessUnitId: plants.businessUnitId,
    businessUnitName: businessUnits.name,
    address: plants.address,
    city: plants.city,
    state: plants.state,
    country: plants.country,
    pincode: plants.pincode,
    latitude: plants.latitude,
    longitude: plants.longitude,
    geofenceRadius: plants.geofenceRadius,
    contactName: plants.contactName,
    contactMobile: plants.contactMobile,
    status: plants.status,
    slaText: plants.slaText,
    contractSlaText: plants.contractSlaText,
    createdAt: plants.createdAt,
    updatedAt: plants.updatedAt,
  },
  joins: [{ table: businessUnits, on: eq(businessUnits.id, plants.businessUnitId) }],
  search: [plants.name, plants.code, plants.city, plants.gstin],
  sorts: {
    name: plants.name,
    code: plants.code,
    city: plants.city,
    state: plants.state,
    status: plants.status,
    createdAt: plants.createdAt,
  },
  filters: (q) => [
    q.status ? eq(plants.status, q.status) : undefined,
    q.businessUnitId ? eq(plants.businessUnitId, q.businessUnitId) : undefined,
  ],
  unique: { plants_industry_code: ['code', 'Another plant already uses this code.'] },
  toRow: withIsoDates<Plant>,
  toValues: (input) => ({
    ...input,
    businessUnitId: input.businessUnitId ?? null,
    contactName: input.contactName ?? null,
    contactMobile: input.contactMobile ?? null,
  }),
  check: async (tx, actor, input) => {
    if (input.businessUnitId && !(await businessUnitBelongs(tx, actor.industryId, input.businessUnitId))) {
      throw badRequest('businessUnitId', 'Choose one of your business units.');
    }
  },
};

/** Saves the plant's SLA text or its contract-SLA text, unless changed since `expected` (409 STALE). */
export async function setPlantSlaText(tx: DbOrTx, industryId: number, id: number, kind: 'sla' | 'contract', text: string, expected?: Date) {
  const where = and(eq(plants.industryId, industryId), eq(plants.id, id));
  await lockVersion(tx, { table: plants, where, expected, label: 'Plant', entity: 'plant' });
  await tx
    .update(plants)
    .set({ ...(kind === 'sla' ? { slaText: text } : { contractSlaText: text }), updatedAt: new Date() })
    .where(where);
}
