import { and, asc, desc, inArray, type SQL, sql } from 'drizzle-orm';
import { LIST_COUNT_CAP } from '@freightdesk/shared/constants';
import type { CarrierRequestListQuery, CarrierRequestTab } from '@freightdesk/shared/schemas/bid';
import type { RequestStatus } from '@freightdesk/shared/status/request';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { plants } from '../db/schema/plants.ts';
import { transportRequests as r } from '../db/schema/requests.ts';
import { products, vehicleTypes } from '../db/schema/settings.ts';
import { industries } from '../db/schema/tenancy.ts';
import { numberMatch } from './common/list-page.ts';
import { likePattern } from './common/pagination.ts';
import { requestsFor, type Viewer } from '../lib/policy.ts';
import { carrierQuery, dropLabels, place } from './carrier-requests.repository.ts';

/**
 * The statements of the carrier's request list (issue 32): each tab's requests under the policy's
 * request rule for carriers, searched, counted and paged.
 */

/** Each tab's requests: bidding ahead or under way (Live), bidding over (Finished). */
const TAB_STATUSES: Record<CarrierRequestTab, RequestStatus[]> = {
  live: ['scheduled', 'open'],
  finished: ['closed', 'awarded'],
};

/** Live: the bid end soonest first (where the carrier has to act); Finished: the newest first. */
const TAB_ORDER: Record<CarrierRequestTab, SQL[]> = {
  live: [asc(r.bidEndAt), asc(r.id)],
  finished: [desc(r.bidEndAt), desc(r.id)],
};

/**
 * The carrier's search, on what its row shows: the request number, the shipper, the plant (with
 * its city), the lane's places (the same labels as `pickupLabel` / `dropoffLabels`), the vehicle
 * type and the material — never a material the shipper hides.
 */
function searchMatch(search: string): SQL {
  const p = likePattern(search.trim());
  return sql`(${numberMatch(r.number, search)}
    or exists (select 1 from ${industries} where ${industries.id} = ${r.industryId} and ${industries.name} ilike ${p})
    or exists (select 1 from ${plants} where ${plants.id} = ${r.plantId} and (${plants.name} || ', ' || ${plants.city}) ilike ${p})
    or exists (select 1 from ${vehicleTypes} where ${vehicleTypes.id} = ${r.vehicleTypeId} and ${vehicleTypes.name} ilike ${p})
    or (not ${r.hideMaterial} and exists (select 1 from ${products} where ${products.id} = ${r.productId} and ${products.name} ilike ${p}))
    or (${r.requestType} = 2 and ${place} ilike ${p})
    or (${r.requestType} <> 2 and exists (select 1 from unnest(${dropLabels}) as lane(label) where lane.label ilike ${p})))`;
}

/** The requests of a tab the carrier may list (the policy's rule), matching the search. */
function tabWhere(carrier: Viewer, tab: CarrierRequestTab, search: string | undefined): SQL {
  return and(
    inArray(r.status, TAB_STATUSES[tab]),
    requestsFor(carrier, 'list') ?? sql`false`,
    search ? searchMatch(search) : undefined,
  ) as SQL;
}

/** The statement counting both tabs under the search, each up to LIST_COUNT_CAP + 1. */
export function tabCountsStatement(carrier: Viewer, search: string | undefined): SQL {
  const upTo = (tab: CarrierRequestTab) =>
    sql`(select count(*)::int from (select 1 from ${r} where ${tabWhere(carrier, tab, search)} limit ${LIST_COUNT_CAP + 1}) c)`;
  return sql`select ${upTo('live')} as live, ${upTo('finished')} as finished`;
}

/** Both tabs' counts under the search, each counted up to LIST_COUNT_CAP (one more tells "more"). */
export async function tabCounts(db: DbOrTx, carrier: Viewer, search: string | undefined): Promise<Record<CarrierRequestTab, number>> {
  const [row] = rowsOf<{ live: number; finished: number }>(await db.execute(tabCountsStatement(carrier, search)));
  return { live: Number(row?.live ?? 0), finished: Number(row?.finished ?? 0) };
}

/** The statement of a page of a tab's request ids, in the tab's order. */
export const tabPageQuery = (db: DbOrTx, carrier: Viewer, q: CarrierRequestListQuery, page: { limit: number; offset: number }) =>
  db
    .select({ id: r.id })
    .from(r)
    .where(tabWhere(carrier, q.tab, q.search))
    .orderBy(...TAB_ORDER[q.tab])
    .limit(page.limit)
    .offset(page.offset);

/** A page of a tab's request ids, in the tab's order. */
export async function tabPageIds(db: DbOrTx, carrier: Viewer, q: CarrierRequestListQuery, page: { limit: number; offset: number }) {
  return (await tabPageQuery(db, carrier, q, page)).map((row) => row.id);
}

/** The carrier's rows of the requests `ids` (already read under the policy's rule). */
export async function carrierRowsOf(db: DbOrTx, carrier: Viewer, ids: number[]) {
  return ids.length ? await carrierQuery(db, carrier.carrierId ?? 0).where(inArray(r.id, ids)) : [];
}
