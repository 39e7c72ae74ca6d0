import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { plants } from '../db/schema/plants.ts';
import { transportRequests } from '../db/schema/requests.ts';
import { products, vehicleTypes } from '../db/schema/settings.ts';
import { industries } from '../db/schema/tenancy.ts';
import { requestsFor, type Viewer } from '../lib/policy.ts';
import { DEFAULT_ANTI_SNIPING_MINUTES } from '../modules/requests/request-rules.ts';
import { ruleColumn } from './request-rules.repository.ts';

/**
 * The carrier's view of transport requests (issue 32): the rows with the carrier's own bid and
 * awards, read under the policy's request rule for carriers (published requests inviting them on
 * a link not blocked).
 */

const r = transportRequests;

/** What the shipper lets carriers see on this request (rank only when it set nothing). */
export const visibility = sql<string>`coalesce(${ruleColumn('visibility', sql`transport_requests.industry_id`, sql`transport_requests.plant_id`)}, 'rank_only')`;

/**
 * The carrier's own bid on the request with its live rank (ties go to the earlier bid, then the
 * lower id) and the lowest price, as JSON; null before its first bid.
 */
export const myBid = (carrierId: number) => sql<{
  amountPaise: number;
  vehicles: number;
  revisions: number;
  rank: number;
  lowestPaise: number;
} | null>`(select json_build_object(
      'amountPaise', b.amount_paise, 'vehicles', b.vehicles, 'revisions', b.revisions,
      'rank', (select count(*) + 1 from bids o where o.request_id = b.request_id
                 and (o.amount_paise, o.bid_at, o.id) < (b.amount_paise, b.bid_at, b.id)),
      'lowestPaise', (select min(o.amount_paise) from bids o where o.request_id = b.request_id))
    from bids b join industry_carriers ic on ic.id = b.industry_carrier_id
    where b.request_id = transport_requests.id and ic.carrier_id = ${carrierId})`;

/**
 * The bid-outcome rule, in one place: the vehicles awarded to this carrier on the request (its
 * orders not rejected or cancelled). Some means the bid won (the portal's "awarded"); none on an
 * awarded request it bid on means it lost ("regret"). The carrier's dashboard counts the same.
 */
const awarded = (carrierId: number) => sql<number>`(select count(*)::int from orders o
    join industry_carriers ic on ic.id = o.industry_carrier_id
    where o.request_id = transport_requests.id and ic.carrier_id = ${carrierId} and o.status not in ('rejected', 'cancelled'))`;

/** The carrier's bid won: the request gave it a vehicle (see `awarded`). */
export const bidWon = (carrierId: number) => sql`${awarded(carrierId)} > 0`;

/** The carrier bid on the request (on any of its links). */
export const bidOn = (carrierId: number) => sql`exists (select 1 from bids b join industry_carriers ic on ic.id = b.industry_carrier_id
    where b.request_id = transport_requests.id and ic.carrier_id = ${carrierId})`;

/**
 * The lane's places as the carrier's row names them (`pickupLabel`, `dropoffLabels`); its search
 * matches the same text. An inbound pickup names the vendor before its address (issue 38).
 */
export const place = sql<string>`coalesce((select p.company || ', ' || a.label || ', ' || a.city from party_addresses a
    join parties p on p.id = a.party_id where a.id = transport_requests.pickup_address_id), '')`;
export const dropLabels = sql<
  string[]
>`coalesce((select array_agg(coalesce(a.label || ', ' || a.city, s.name || ', ' || s.city) order by d.seq)
    from request_dropoffs d left join party_addresses a on a.id = d.address_id left join stops s on s.id = d.stop_id
    where d.request_id = transport_requests.id), '{}')`;

/** The columns of the carrier's row. */
function select(carrierId: number) {
  return {
    id: r.id,
    number: r.number,
    requestType: r.requestType,
    status: r.status,
    shipperName: industries.name,
    plantName: plants.name,
    plantCity: plants.city,
    pickupPlace: place,
    dropLabels,
    vehicleTypeName: vehicleTypes.name,
    productName: products.name,
    weightTonnes: r.weightTonnes,
    vehicleCount: r.vehicleCount,
    pickupAt: r.pickupAt,
    bidStartAt: r.bidStartAt,
    bidEndAt: r.bidEndAt,
    priceBasis: r.priceBasis,
    hideMaterial: r.hideMaterial,
    remarks: r.remarks,
    visibility,
    minDecrementPaise:
      sql<number>`coalesce(${ruleColumn('min_decrement_paise', sql`transport_requests.industry_id`, sql`transport_requests.plant_id`)}, 0)`.mapWith(
        Number,
      ),
    antiSnipingMinutes:
      sql<number>`coalesce(${ruleColumn('anti_sniping_minutes', sql`transport_requests.industry_id`, sql`transport_requests.plant_id`)}, ${DEFAULT_ANTI_SNIPING_MINUTES})`.mapWith(
        Number,
      ),
    myBid: myBid(carrierId),
    awarded: awarded(carrierId),
  };
}

/** A request's row as the carrier's list and page read it. */
export type CarrierRequestRow = Awaited<ReturnType<typeof carrierQuery>>[number];

/** The requests' rows with what the carrier's view adds (its bid, its awards, the shipper's rule); callers add the policy's rule. */
export function carrierQuery(db: DbOrTx, carrierId: number) {
  return db
    .select(select(carrierId))
    .from(r)
    .innerJoin(industries, eq(industries.id, r.industryId))
    .innerJoin(plants, eq(plants.id, r.plantId))
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, r.vehicleTypeId))
    .leftJoin(products, eq(products.id, r.productId))
    .$dynamic();
}

/** The statement reading one request the carrier may read. */
export const carrierRequestQuery = (db: DbOrTx, carrier: Viewer, id: number) =>
  carrierQuery(db, carrier.carrierId ?? 0).where(and(eq(r.id, id), requestsFor(carrier, 'read') ?? sql`false`));

/** One request the carrier may read (the policy's rule), if any. */
export async function carrierRequestRow(db: DbOrTx, carrier: Viewer, id: number): Promise<CarrierRequestRow | undefined> {
  const [row] = await carrierRequestQuery(db, carrier, id);
  return row;
}
