import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { parties } from '../db/schema/parties.ts';
import { plants } from '../db/schema/plants.ts';
import { devices } from '../db/schema/platform.ts';
import { routeMasters } from '../db/schema/routes.ts';
import { industryCarriers } from '../db/schema/tenancy.ts';
import { inDays } from './common/rows.ts';
import { staffPlantScope, type Viewer } from '../lib/policy-scope.ts';
import { forbidden } from '../lib/errors.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * The dashboard's master-data figures, read as a viewer (issue 32): every statement here takes the
 * viewer and applies the shipper's tenant and, for plants, a staff user's plant scope itself, so the
 * card and its breakdown cannot disagree. Routes call these functions and never build the SQL.
 */

/** The dashboard's filters: India days (YYYY-MM-DD), a plant, a business unit. */
export type DashboardFilter = { startDate?: string; endDate?: string; plantId?: number; businessUnitId?: number };

export const DASHBOARD_CARDS = ['plants', 'carriers', 'clients', 'vendors', 'staff', 'routes', 'devices'] as const;
export type DashboardCard = (typeof DASHBOARD_CARDS)[number];

/** The viewer's shipper (a carrier or the admin has no dashboard of masters). */
function shipperOf(viewer: Viewer): number {
  if (!viewer.industryId) {
    throw forbidden('Only a shipper account can do this.');
  }
  return viewer.industryId;
}

const within = (column: PgColumn, q: DashboardFilter) => inDays(column, q.startDate, q.endDate);
const tally = (table: PgTable, ...where: (SQL | undefined)[]) => sql`(select count(*)::int from ${table} where ${and(...where)})`;

/** The plants the viewer counts: the shipper's, a staff user's own, the filter's plant or business unit. */
function plantsSeen(viewer: Viewer, q: DashboardFilter = {}) {
  return and(
    eq(plants.industryId, shipperOf(viewer)),
    staffPlantScope(viewer, plants.id),
    q.plantId ? eq(plants.id, q.plantId) : undefined,
    q.businessUnitId ? eq(plants.businessUnitId, q.businessUnitId) : undefined,
  );
}

/** One statement for the seven cards (each a count; the date range counts records created in it). */
export function masterCardsStatement(viewer: Viewer, q: DashboardFilter): SQL {
  const id = shipperOf(viewer);
  const carriers = eq(industryCarriers.industryId, id);
  return sql`select
    ${tally(plants, plantsSeen(viewer, q), eq(plants.status, 'active'), within(plants.createdAt, q))} as "activePlants",
    ${tally(industryCarriers, carriers, eq(industryCarriers.status, 'active'), within(industryCarriers.createdAt, q))} as "activeCarriers",
    ${tally(industryCarriers, carriers, eq(industryCarriers.status, 'blocked'))} as "blockedCarriers",
    ${tally(parties, eq(parties.industryId, id), eq(parties.kind, 'client'), within(parties.createdAt, q))} as "clients",
    ${tally(parties, eq(parties.industryId, id), eq(parties.kind, 'vendor'), within(parties.createdAt, q))} as "vendors",
    ${tally(users, eq(users.industryId, id), eq(users.userType, 4), eq(users.status, 'active'))} as "staff",
    ${tally(routeMasters, eq(routeMasters.industryId, id), eq(routeMasters.status, 'active'))} as "routes",
    ${tally(devices, eq(devices.industryId, id))} as "devices"`;
}

const byCity = (viewer: Viewer, kind: 'client' | 'vendor') =>
  sql`select a.city as label, count(distinct p.id)::int as count from parties p join party_addresses a on a.party_id = p.id
    where p.industry_id = ${shipperOf(viewer)} and p.kind = ${kind} group by a.city order by count desc, label limit 20`;

/** The grouping behind each card's detail page, in the same scope as its card. */
const BREAKDOWNS: Record<DashboardCard, (viewer: Viewer) => SQL> = {
  plants: (viewer) =>
    sql`select ${plants.state} as label, count(*)::int as count from ${plants} where ${plantsSeen(viewer)} and ${plants.status} = 'active'
      group by ${plants.state} order by count desc, label`,
  carriers: (viewer) =>
    sql`select status as label, count(*)::int as count from industry_carriers where industry_id = ${shipperOf(viewer)} group by status order by label`,
  clients: (viewer) => byCity(viewer, 'client'),
  vendors: (viewer) => byCity(viewer, 'vendor'),
  staff: (viewer) =>
    sql`select coalesce(r.name, 'No role') as label, count(*)::int as count from users u left join roles r on r.id = u.role_id
      where u.industry_id = ${shipperOf(viewer)} and u.user_type = 4 and u.status = 'active' group by r.name order by count desc, label`,
  routes: (viewer) =>
    sql`select coalesce(pl.name, s.name) as label, count(*)::int as count from route_masters rm left join plants pl on pl.id = rm.origin_plant_id
      left join stops s on s.id = rm.origin_stop_id where rm.industry_id = ${shipperOf(viewer)} and rm.status = 'active'
      group by coalesce(pl.name, s.name) order by count desc, label`,
  devices: (viewer) =>
    sql`select state as label, count(*)::int as count from devices where industry_id = ${shipperOf(viewer)} group by state order by label`,
};

export const breakdownStatement = (viewer: Viewer, card: DashboardCard): SQL => BREAKDOWNS[card](viewer);

const CARD_KEYS = ['activePlants', 'activeCarriers', 'blockedCarriers', 'clients', 'vendors', 'staff', 'routes', 'devices'] as const;
export type MasterCards = Record<(typeof CARD_KEYS)[number], number>;

/** The dashboard's reads, run on a database. */
export function dashboardRepository(db: DbOrTx) {
  return {
    async masterCards(viewer: Viewer, q: DashboardFilter): Promise<MasterCards> {
      const [row] = rowsOf<MasterCards>(await db.execute(masterCardsStatement(viewer, q)));
      return Object.fromEntries(CARD_KEYS.map((k) => [k, Number(row?.[k] ?? 0)])) as MasterCards;
    },
    async breakdown(viewer: Viewer, card: DashboardCard) {
      const rows = rowsOf<{ label: string | null; count: number }>(await db.execute(breakdownStatement(viewer, card)));
      return rows.map((r) => ({ label: r.label ?? '—', count: Number(r.count) }));
    },
  };
}
