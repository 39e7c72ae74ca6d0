import { and, count, eq } from 'drizzle-orm';
import type { Plant, PlantInputParsed, PlantListQuery } from '@freightdesk/shared/schemas/plant';
import type { Db, DbOrTx } from '../../db/client.ts';
import { plants } from '../../db/schema/plants.ts';
import { businessUnits } from '../../db/schema/tenancy.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { withIsoDates } from '../../lib/rows.ts';
import { type StaffScope, staffPlantScope } from '../../lib/policy.ts';
import { type Actor, tenantResource } from '../../lib/tenant-resource.ts';
import { currentPlan } from '../account/account.service.ts';
import { lockVersion } from '../../lib/version-check.ts';

async function businessUnitBelongs(db: DbOrTx, industryId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: businessUnits.id })
    .from(businessUnits)
    .where(and(eq(businessUnits.industryId, industryId), eq(businessUnits.id, id)));
  return Boolean(row);
}

/** Refuses an active plant beyond the current plan's plant limit. */
async function checkPlantLimit(db: DbOrTx, actor: Actor) {
  const [plan] = await currentPlan(db, actor.industryId);
  if (!plan) {
    throw new AppError(403, 'NO_PLAN', 'Your account has no current plan. Choose a plan to add plants.');
  }
  const [used] = await db
    .select({ n: count() })
    .from(plants)
    .where(and(eq(plants.industryId, actor.industryId), eq(plants.status, 'active')));
  if ((used?.n ?? 0) >= plan.noOfPlants) {
    const s = plan.noOfPlants === 1 ? '' : 's';
    throw new AppError(
      403,
      'PLAN_LIMIT',
      `Your plan allows ${plan.noOfPlants} active plant${s} and all are in use. Upgrade the plan or deactivate a plant.`,
    );
  }
}

export const plantResource = tenantResource<Plant, PlantInputParsed, PlantListQuery>({
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
  beforeActivate: checkPlantLimit,
});

/** Saves the plant's SLA text or its contract-SLA text. */
export async function setPlantSla(
  db: Db,
  actor: Actor & { staff: StaffScope },
  id: number,
  kind: 'sla' | 'contract',
  text: string,
  expected?: Date,
): Promise<Plant> {
  return db.transaction(async (tx) => {
    // A staff user edits only the plants assigned, as the plant pages show them.
    await plantResource.mustFind(tx, actor.industryId, id, staffPlantScope(actor.staff, plants.id));
    const where = and(eq(plants.industryId, actor.industryId), eq(plants.id, id));
    await lockVersion(tx, { table: plants, where, expected, label: 'Plant', entity: 'plant' });
    await tx
      .update(plants)
      .set({ ...(kind === 'sla' ? { slaText: text } : { contractSlaText: text }), updatedAt: new Date() })
      .where(where);
    await plantResource.audit(tx, actor, id, `${kind}-text`);
    return plantResource.mustFind(tx, actor.industryId, id);
  });
}
