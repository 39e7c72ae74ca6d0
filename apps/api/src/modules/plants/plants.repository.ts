import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Plant, PlantListQuery } from '@freightdesk/shared/schemas/plant';
import type { DbOrTx } from '../../db/client.ts';
import { plants } from '../../db/schema/plants.ts';
import { businessUnits } from '../../db/schema/tenancy.ts';
import { likePattern, orderBy, pageWindow } from '../../lib/pagination.ts';

const columns = {
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
};

type Row = { [K in keyof typeof columns]: unknown } & { createdAt: Date; updatedAt: Date };

function toPlant(row: Row): Plant {
  return { ...(row as unknown as Plant), createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

const SORTS = {
  name: plants.name,
  code: plants.code,
  city: plants.city,
  state: plants.state,
  status: plants.status,
  createdAt: plants.createdAt,
};

/** Every query here is scoped to one shipper: a plant of another tenant is simply not found. */
export async function listPlants(db: DbOrTx, industryId: number, q: PlantListQuery) {
  const filters: (SQL | undefined)[] = [eq(plants.industryId, industryId)];
  if (q.status) {
    filters.push(eq(plants.status, q.status));
  }
  if (q.businessUnitId) {
    filters.push(eq(plants.businessUnitId, q.businessUnitId));
  }
  if (q.search) {
    const p = likePattern(q.search);
    filters.push(or(ilike(plants.name, p), ilike(plants.code, p), ilike(plants.city, p), ilike(plants.gstin, p)));
  }
  const where = and(...filters);
  const { limit, offset } = pageWindow(q);
  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(plants)
      .leftJoin(businessUnits, eq(businessUnits.id, plants.businessUnitId))
      .where(where)
      .orderBy(...orderBy(q.sort, SORTS, sql`${plants.id} desc`))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(plants).where(where),
  ]);
  return { data: rows.map((r) => toPlant(r as Row)), total: totals[0]?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function findPlant(db: DbOrTx, industryId: number, id: number): Promise<Plant | undefined> {
  const [row] = await db
    .select(columns)
    .from(plants)
    .leftJoin(businessUnits, eq(businessUnits.id, plants.businessUnitId))
    .where(and(eq(plants.industryId, industryId), eq(plants.id, id)));
  return row ? toPlant(row as Row) : undefined;
}

export async function countActivePlants(db: DbOrTx, industryId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(plants)
    .where(and(eq(plants.industryId, industryId), eq(plants.status, 'active')));
  return row?.n ?? 0;
}

export async function businessUnitBelongs(db: DbOrTx, industryId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: businessUnits.id })
    .from(businessUnits)
    .where(and(eq(businessUnits.industryId, industryId), eq(businessUnits.id, id)));
  return Boolean(row);
}
