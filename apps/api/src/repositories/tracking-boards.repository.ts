import { type SQL, sql } from 'drizzle-orm';
import type { BoardQuery, TrackingTab } from '@freightdesk/shared/schemas/tracking';
import { TRACKING_TABS } from '@freightdesk/shared/schemas/tracking';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { likePattern } from './common/pagination.ts';
import { indiaDay } from './common/rows.ts';
import { orderScope, type OrderReach } from './tracking-trips.repository.ts';

/**
 * The statements of the tracking boards and the all-in-one map (issue 32), read as a viewer: each
 * applies the policy's order rule (`ordersFor`, through the reach) on `orders` itself.
 */

/** Open episodes of a trip as SQL flags. */
const openFlag = (kind: string) =>
  sql.raw(`exists (select 1 from tracking_events e where e.order_id = orders.id and e.kind = '${kind}' and e.ended_at is null)`);

/** Each tab's rule. In transit is every trip on the road; delayed, halted and no signal are among them. */
const TAB_RULE: Record<TrackingTab, SQL> = {
  'in-transit': sql`orders.status = 'gate_out'`,
  delayed: sql`orders.status = 'gate_out' and ${openFlag('delay')}`,
  halted: sql`orders.status = 'gate_out' and ${openFlag('halt')}`,
  'no-signal': sql`orders.status = 'gate_out' and ${openFlag('no_signal')}`,
  arrived: sql`orders.status = 'arrived'`,
};

const FROM = sql`from orders join order_tracking t on t.order_id = orders.id`;

/** The board's filters: tracked trips in the viewer's scope, by plant, carrier, method, pickup days and search. */
function boardFilters(reach: OrderReach, q: BoardQuery): SQL {
  return sql.join(
    [
      sql`t.order_id is not null`,
      orderScope(reach),
      q.plantId ? sql`orders.plant_id = ${q.plantId}` : undefined,
      q.carrierLinkId ? sql`orders.industry_carrier_id = ${q.carrierLinkId}` : undefined,
      q.method ? sql`t.method = ${q.method}` : undefined,
      q.pickupFrom ? sql`orders.pickup_at >= ${indiaDay(q.pickupFrom).toISOString()}::timestamptz` : undefined,
      q.pickupTo ? sql`orders.pickup_at < ${indiaDay(q.pickupTo, 1).toISOString()}::timestamptz` : undefined,
      q.search ? sql`(orders.number ilike ${likePattern(q.search)} or orders.vehicle_number ilike ${likePattern(q.search)})` : undefined,
    ].filter((x): x is SQL => x !== undefined),
    sql` and `,
  );
}

/** Every tab's count of the board. */
export const boardCountsStatement = (reach: OrderReach, q: BoardQuery): SQL =>
  sql`select ${sql.join(
    TRACKING_TABS.map((tab) => sql`count(*) filter (where ${TAB_RULE[tab]})::int as ${sql.identifier(tab)}`),
    sql`, `,
  )} ${FROM} where ${boardFilters(reach, q)}`;

/** One page of the board's tab, newest pickup first. */
export function boardRowsStatement(reach: OrderReach, q: BoardQuery): SQL {
  const offset = (q.page - 1) * q.pageSize;
  return sql`
      select orders.id, orders.number, orders.status, orders.vehicle_number, orders.pickup_at, t.method, p.name as plant_name, c.name as carrier_name,
        (select s.label from order_stops s where s.order_id = orders.id order by s.seq desc limit 1) as destination,
        l.latitude, l.longitude, l.place_name, l.fix_time, l.speed_kmh, l.eta_at,
        (select (e.details->>'delayMinutes')::int from tracking_events e where e.order_id = orders.id and e.kind = 'delay' and e.ended_at is null limit 1) as delay_minutes,
        ${openFlag('halt')} as halted, ${openFlag('no_signal')} as no_signal, ${openFlag('delay')} as delayed
      ${FROM}
      join plants p on p.id = orders.plant_id
      join industry_carriers ic on ic.id = orders.industry_carrier_id join carriers c on c.id = ic.carrier_id
      left join tracking_last_positions l on l.order_id = orders.id
      where ${boardFilters(reach, q)} and ${TAB_RULE[q.tab]}
      order by orders.pickup_at desc, orders.id desc limit ${q.pageSize} offset ${offset}`;
}

/** The board's counts by tab and the page's rows. */
export async function boardRead(db: DbOrTx, reach: OrderReach, q: BoardQuery) {
  const counts = rowsOf<Record<string, number>>(await db.execute(boardCountsStatement(reach, q)))[0];
  const rows = rowsOf<Record<string, unknown>>(await db.execute(boardRowsStatement(reach, q)));
  return { counts, rows };
}

/** Every active vehicle the viewer may see, at its last position (at most `most`, newest first). */
export const activeVehiclesStatement = (reach: OrderReach, most: number): SQL => sql`
      select orders.id, orders.number, orders.request_type, orders.status, orders.vehicle_number, l.latitude, l.longitude, l.fix_time, l.speed_kmh,
        ${openFlag('halt')} as halted, ${openFlag('no_signal')} as no_signal, ${openFlag('delay')} as delayed
      from orders join order_tracking t on t.order_id = orders.id and t.stopped_at is null
      join tracking_last_positions l on l.order_id = orders.id
      where ${orderScope(reach)}
      order by l.fix_time desc limit ${most}`;

export async function activeVehicleRows(db: DbOrTx, reach: OrderReach, most: number) {
  return rowsOf<Record<string, unknown>>(await db.execute(activeVehiclesStatement(reach, most)));
}
