import { type SQL, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/orders.ts';
import { laneName } from './lane-names.ts';

/**
 * How an order is measured wherever the product counts or sums orders (the dashboard's cards and
 * charts, the reports): one rule each, over the `orders` table by its name.
 */
const o = orders;

/** An order that counts in spend and performance: not rejected or cancelled. */
export const orderKept = sql`${o.status} not in ('rejected', 'cancelled')`;

/**
 * An order's freight in paise: the trip price, or the per-tonne price times the vehicle's tonnes
 * (orders.weight_tonnes: the request's weight ÷ its vehicles, the indent's or the offline order's
 * weight); a per-tonne order without a weight is worth null (left out of sums). `paise` may be
 * another per-vehicle amount on the order's basis (a target price, a saving).
 */
export const orderWorth = (paise: SQL = sql`${o.pricePaise}`) =>
  sql`case when ${o.priceBasis} = 'tonne' then round(${paise} * ${o.weightTonnes}) else ${paise} end`;

/** How late a vehicle may report after the pickup time and still be placed on time. */
export const PLACEMENT_GRACE = sql`interval '2 hours'`;
/** When the vehicle was at the plant: it reported, else (a gate that let it in unreported) the gate in. */
export const atPlant = sql`coalesce(${o.reportedAt}, ${o.gateInAt})`;
/** Placed on time: at the plant at most PLACEMENT_GRACE after the pickup time (judged once it was there). */
export const placedOnTime = sql`${atPlant} <= ${o.pickupAt} + ${PLACEMENT_GRACE}`;
/**
 * Late on the road: tracking flagged a delay on the trip, open or closed (its ETA ran past the
 * planned arrival by more than the delay grace). The planned arrival is not stored: the tracking
 * module computes it from the stops on each read (modules/tracking/trip.ts).
 */
export const delayedOnRoad = sql`${o.id} in (select te.order_id from tracking_events te where te.kind = 'delay')`;
/** Delivered on time: arrived with no delay flagged (judged once arrived). */
export const arrivedOnTime = sql`${o.arrivedAt} is not null and not ${delayedOnRoad}`;

/** Where the order's stops matching `which` end: the last one's city, else its label. */
const placeOf = (which: SQL) =>
  sql`(select coalesce(nullif(s.city, ''), s.label) from order_stops s where s.order_id = ${o.id} and ${which} order by s.seq desc limit 1)`;
/** The lane an order ran, from its stops (repositories/common/lane-names.ts): written on the order with its stops (order-lane.ts). */
export const laneOfStops = laneName(
  sql`${o.requestType}`,
  sql`${o.plantId}`,
  sql`case when ${o.requestType} = 2 then ${placeOf(sql`s.kind = 'pickup'`)} else ${placeOf(sql`s.kind = 'drop'`)} end`,
);
/** The lane an order ran, as reports group and filter by it (kept on the order, indexed). */
export const orderLane = sql<string>`${o.lane}`;

/** The carrier's name of a link to the shipper (industry_carriers.id). */
export const carrierName = (link: SQL) =>
  sql`(select c.name from industry_carriers ic join carriers c on c.id = ic.carrier_id where ic.id = ${link})`;

/** The shipper's name of a link to a carrier (industry_carriers.id): how the carrier names it. */
export const shipperName = (link: SQL) =>
  sql`(select i.name from industry_carriers ic join industries i on i.id = ic.industry_id where ic.id = ${link})`;
