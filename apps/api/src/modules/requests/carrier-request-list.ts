import { and, asc, desc, inArray, type SQL, sql } from 'drizzle-orm';
import { LIST_COUNT_CAP } from '@freightdesk/shared/constants';
import type { CarrierRequestList, CarrierRequestListQuery, CarrierRequestTab } from '@freightdesk/shared/schemas/bid';
import type { RequestStatus } from '@freightdesk/shared/status/request';
import type { Db } from '../../db/client.ts';
import { plants } from '../../db/schema/plants.ts';
import { transportRequests as r } from '../../db/schema/requests.ts';
import { products, vehicleTypes } from '../../db/schema/settings.ts';
import { industries } from '../../db/schema/tenancy.ts';
import { inIdOrder, numberMatch } from '../../lib/list-page.ts';
import { likePattern, pageWindow } from '../../lib/pagination.ts';
import { requestsFor, type Viewer } from '../../lib/policy.ts';
import { carrierQuery, dropLabels, place, toCarrierRequest } from './carrier-requests.service.ts';
import { rowsOf } from '../../db/rows.ts';

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

/** Both tabs' counts under the search, each counted up to LIST_COUNT_CAP (one more tells "more"). */
async function tabCounts(db: Db, carrier: Viewer, search: string | undefined): Promise<Record<CarrierRequestTab, number>> {
  const upTo = (tab: CarrierRequestTab) =>
    sql`(select count(*)::int from (select 1 from ${r} where ${tabWhere(carrier, tab, search)} limit ${LIST_COUNT_CAP + 1}) c)`;
  const [row] = rowsOf<{ live: number; finished: number }>(
    await db.execute(sql`select ${upTo('live')} as live, ${upTo('finished')} as finished`),
  );
  return { live: Number(row?.live ?? 0), finished: Number(row?.finished ?? 0) };
}

/**
 * `GET /api/carrier/requests`: one tab of the requests a carrier is invited to (directly or through
 * a group, link not blocked), searched and paged on the server, with both tabs' counts. The page's
 * ids are found first; only those rows are read with their positions and outcomes.
 */
export async function carrierRequests(db: Db, carrier: Viewer, q: CarrierRequestListQuery): Promise<CarrierRequestList> {
  const counts = await tabCounts(db, carrier, q.search);
  const { limit, offset } = pageWindow(q);
  const ids = (
    await db
      .select({ id: r.id })
      .from(r)
      .where(tabWhere(carrier, q.tab, q.search))
      .orderBy(...TAB_ORDER[q.tab])
      .limit(limit)
      .offset(offset)
  ).map((row) => row.id);
  const rows = ids.length ? await carrierQuery(db, carrier.carrierId ?? 0).where(inArray(r.id, ids)) : [];
  const found = counts[q.tab];
  return {
    data: inIdOrder(ids, rows).map(toCarrierRequest),
    total: Math.min(found, LIST_COUNT_CAP),
    ...(found > LIST_COUNT_CAP ? { totalCapped: true } : {}),
    page: q.page,
    pageSize: q.pageSize,
    counts: { live: Math.min(counts.live, LIST_COUNT_CAP), finished: Math.min(counts.finished, LIST_COUNT_CAP) },
  };
}
