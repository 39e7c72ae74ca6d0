import { type SQL, sql } from 'drizzle-orm';
import { contracts, rfqLanes } from '../../db/schema/contracts.ts';
import { indents } from '../../db/schema/indents.ts';
import { transportRequests } from '../../db/schema/requests.ts';

/**
 * One name per lane, wherever the product names a lane for a report, a chart or a filter:
 * outbound "Plant → place unloaded at", inbound "place loaded at → Plant", the plant by its name
 * and the other end by its city (else its name; "—" when unknown). An order keeps its lane's name
 * (`orders.lane`, written with its stops); a request, an indent and a contract lane are named
 * here from their places as they are now, so a report filtered by one lane reads the same lane in
 * orders, requests, indents and contracts.
 */
export const plantName = (plantId: SQL) => sql`(select p.name from plants p where p.id = ${plantId})`;

/** A lane's place of the given kind (plant, stop or the shipper's party address) by its city, else its name. */
export const placeName = (kind: SQL, id: SQL) => sql`(case ${kind}
    when 'plant' then (select coalesce(nullif(p.city, ''), p.name) from plants p where p.id = ${id})
    when 'stop' then (select coalesce(nullif(s.city, ''), s.name) from stops s where s.id = ${id})
    else (select coalesce(nullif(a.city, ''), pt.company || ', ' || a.label)
      from party_addresses a join parties pt on pt.id = a.party_id where a.id = ${id}) end)`;

/** The name of a lane of `direction` (2 inbound) at the plant, the other end named by `otherEnd`. */
export const laneName = (direction: SQL, plantId: SQL, otherEnd: SQL) => sql<string>`(case when ${direction} = 2
    then coalesce(${otherEnd}, '—') || ' → ' || ${plantName(plantId)}
    else ${plantName(plantId)} || ' → ' || coalesce(${otherEnd}, '—') end)`;

const r = transportRequests;
/** A request's lane: outbound to its last drop-off (address or location), inbound from its vendor address. */
export const requestLane = laneName(
  sql`${r.requestType}`,
  sql`${r.plantId}`,
  sql`case when ${r.requestType} = 2 then ${placeName(sql`'address'`, sql`${r.pickupAddressId}`)}
    else (select case when d.address_id is not null then ${placeName(sql`'address'`, sql`d.address_id`)}
      else ${placeName(sql`'stop'`, sql`d.stop_id`)} end
      from request_dropoffs d where d.request_id = ${r.id} order by d.seq desc limit 1) end`,
);

/** The direction of a contracted lane's orders: inbound (2) when only its destination is a plant (indent-lanes.ts directionOf). */
const laneDirection = sql`(case when ${rfqLanes.originKind} <> 'plant' and ${rfqLanes.destinationKind} = 'plant' then 2 else 1 end)`;
const otherEndOf = (direction: SQL) =>
  sql`case when ${direction} = 2 then ${placeName(sql`${rfqLanes.originKind}`, sql`${rfqLanes.originId}`)}
    else ${placeName(sql`${rfqLanes.destinationKind}`, sql`${rfqLanes.destinationId}`)} end`;

/** A contract's lane (rfq_lanes joined in) at the contract's plant. */
export const contractLaneName = laneName(laneDirection, sql`${contracts.plantId}`, otherEndOf(laneDirection));

/** An indent's lane (rfq_lanes joined in on indents.lane_id) at the indent's plant, as its orders name it. */
export const indentLaneName = laneName(sql`${indents.requestType}`, sql`${indents.plantId}`, otherEndOf(sql`${indents.requestType}`));
/** An indent's lane without rfq_lanes joined. */
export const indentLane = sql<string>`(select ${indentLaneName} from ${rfqLanes} where ${rfqLanes.id} = ${indents.laneId})`;
