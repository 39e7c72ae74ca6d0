import { and, eq, sql } from 'drizzle-orm';
import type { BidPosition, BidRevision, CarrierRequest } from '@freightdesk/shared/schemas/bid';
import type { Db } from '../../db/client.ts';
import { plants } from '../../db/schema/plants.ts';
import { bids, transportRequests } from '../../db/schema/requests.ts';
import { products, vehicleTypes } from '../../db/schema/settings.ts';
import { industries } from '../../db/schema/tenancy.ts';
import { notFound } from '../../lib/errors.ts';
import { invitedLink, requestsFor, type Viewer } from '../../lib/policy.ts';
import { revisionsWhere } from './history.service.ts';
import { DEFAULT_ANTI_SNIPING_MINUTES, ruleColumn } from './request-rules.ts';

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

/** Vehicles awarded to this carrier on the request (orders not rejected or cancelled). */
const awarded = (carrierId: number) => sql<number>`(select count(*)::int from orders o
    join industry_carriers ic on ic.id = o.industry_carrier_id
    where o.request_id = transport_requests.id and ic.carrier_id = ${carrierId} and o.status not in ('rejected', 'cancelled'))`;

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

/** The carrier's view of one row: positions as visibility allows, product hidden when asked. */
export function toCarrierRequest(row: Row): CarrierRequest {
  const plant = `${row.plantName}, ${row.plantCity}`;
  const bid = row.myBid;
  const position: BidPosition | null = bid && {
    amountRupees: bid.amountPaise / 100,
    vehicles: bid.vehicles,
    rank: row.visibility === 'nothing' ? null : Number(bid.rank),
    lowestRupees: row.visibility === 'rank_and_lowest' ? bid.lowestPaise / 100 : null,
    bidEndAt: row.bidEndAt.toISOString(),
    revisions: bid.revisions,
  };
  const outcome = row.awarded > 0 ? 'awarded' : row.status === 'awarded' && bid ? 'regret' : 'pending';
  return {
    id: row.id,
    number: row.number,
    requestType: row.requestType,
    status: row.status,
    shipperName: row.shipperName,
    plantName: row.plantName,
    // Outbound leaves the plant for the drop-offs; inbound comes from a vendor to the plant.
    pickupLabel: row.requestType === 2 ? row.pickupPlace : plant,
    dropoffLabels: row.requestType === 2 ? [plant] : row.dropLabels,
    vehicleTypeName: row.vehicleTypeName,
    // Hide-material: the product never leaves the API for carriers when the shipper hides it.
    productName: row.hideMaterial ? null : row.productName,
    weightTonnes: row.weightTonnes,
    vehicleCount: row.vehicleCount,
    pickupAt: row.pickupAt.toISOString(),
    bidStartAt: row.bidStartAt.toISOString(),
    bidEndAt: row.bidEndAt.toISOString(),
    priceBasis: row.priceBasis,
    hideMaterial: row.hideMaterial,
    remarks: row.remarks,
    myBid: position,
    minDecrementRupees: row.minDecrementPaise / 100,
    antiSnipingMinutes: row.antiSnipingMinutes,
    outcome,
    awardedVehicles: row.awarded,
  };
}

type Row = Awaited<ReturnType<typeof carrierQuery>>[number];

export function carrierQuery(db: Db, carrierId: number) {
  return db
    .select(select(carrierId))
    .from(r)
    .innerJoin(industries, eq(industries.id, r.industryId))
    .innerJoin(plants, eq(plants.id, r.plantId))
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, r.vehicleTypeId))
    .leftJoin(products, eq(products.id, r.productId))
    .$dynamic();
}

/** One invited request with the carrier's own bid revisions (404 when not invited). */
export async function carrierRequest(db: Db, carrier: Viewer, id: number): Promise<CarrierRequest & { revisions: BidRevision[] }> {
  const carrierId = carrier.carrierId ?? 0;
  const [row] = await carrierQuery(db, carrierId).where(and(eq(r.id, id), requestsFor(carrier, 'read') ?? sql`false`));
  if (!row) {
    throw notFound('Request');
  }
  const revisions = await revisionsWhere(db, and(eq(bids.requestId, id), sql`${bids.industryCarrierId} = ${invitedLink(carrierId)}`));
  return {
    ...toCarrierRequest(row),
    revisions,
  };
}
