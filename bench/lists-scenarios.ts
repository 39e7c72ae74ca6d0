/**
 * The lists benchmark's scenarios: each is a call of the real API (as the web app makes it) and,
 * as its ceiling, the best SQL written by hand for the same page: the page's ids from the index of
 * its filter and sort, those rows with every column the API answers (names, lane, POD and vehicle
 * flags), and the count up to the cap where the page needs one, all in one prepared statement.
 */
export type Scenario = {
  name: string;
  path: string;
  sql: string;
  params: unknown[];
  /** Planned for its values each time (a search: one generic plan cannot know the prefix's range). */
  custom?: boolean;
  /**
   * The page whose answer's cursor the call sends (as the web app sends the cursor of the page on
   * screen with the next one it asks for): read once before the scenario.
   */
  cursorFrom?: string;
  /** Who calls: the demo shipper's owner (default), or the dispatcher of the carrier with the most orders. */
  as?: 'carrier';
};

/** What the scenarios read from the seeded data (chosen after seeding). */
export type Picks = {
  industryId: number;
  /** A plant with a few thousand delivered outbound orders. */
  plantId: number;
  /** A week of pickups a year back, as India days (YYYY-MM-DD), and its bounds as instants. */
  weekFrom: string;
  weekTo: string;
  weekStart: string;
  weekEnd: string;
  /** An existing outbound order number of the shipper. */
  orderNumber: string;
  /** The id of page 1999's first row (the newest first, 25 a page): the cursor of page 2000. */
  page1999FirstId: number;
  /** The carrier with the most orders (over all its shippers' links), whose dispatcher the carrier scenario logs in as. */
  carrierId: number;
};

const ACTIVE = `'vehicle_assigned', 'reported', 'gate_in', 'loaded', 'unloaded', 'gate_out', 'arrived'`;

/**
 * The order row as GET /api/orders/{dir} answers it, for the ids in `page`. Names by left joins, as
 * the app reads them (the carrier's by a lookup, as there): planned once (a prepared statement), a join reads the small tables once for
 * the page where a lookup in the select list runs once a row (a 100-row page on PGlite: 7.7 ms by
 * lookups, 5.1 ms joined).
 */
const ORDER_ROWS = `
  select o.id, o.number, o.source, o.request_id,
    r.number as request_number, o.indent_id, n.number as indent_number, o.request_type, o.status,
    o.industry_carrier_id,
    (select c.name from industry_carriers ic join carriers c on c.id = ic.carrier_id where ic.id = o.industry_carrier_id) as carrier_name,
    i.name as shipper_name, o.plant_id, p.name as plant_name,
    o.vehicle_type_id, v.name as vehicle_type_name, o.price_paise, o.price_basis,
    o.pickup_at, o.vehicle_number, o.driver_name, o.driver_mobile, o.rejected_at, o.reject_reason, o.gate_in_at,
    o.gate_out_at, o.reported_at, o.arrived_at, o.delivered_at, o.closed_at, o.cancelled_at, o.cancel_reason,
    o.turnaround_minutes, o.vehicle_mismatch, o.product_id,
    pr.name as product_name, o.weight_tonnes,
    (select s.label from order_stops s where s.order_id = o.id and s.kind = 'pickup' order by s.seq limit 1) as pickup_label,
    (select s.label from order_stops s where s.order_id = o.id and s.kind = 'drop' order by s.seq desc limit 1) as drop_label,
    (select count(*)::int from order_stops s where s.order_id = o.id and s.kind = 'drop') as drop_count,
    (o.vehicle_number is not null and o.status in (${ACTIVE}) and exists (select 1 from orders x
      where x.vehicle_number = o.vehicle_number and x.id <> o.id and x.industry_id = o.industry_id and x.status in (${ACTIVE}))) as busy,
    (select d.shortage_qty > 0 or d.damage_qty > 0 from pods d where d.order_id = o.id order by d.version desc limit 1) as pod_issue,
    (select d.decision_reason from pods d where d.order_id = o.id and d.status = 'rejected' order by d.version desc limit 1) as sent_back,
    o.created_at, o.updated_at
  from page join orders o on o.id = page.id
    left join transport_requests r on r.id = o.request_id left join indents n on n.id = o.indent_id
    left join industries i on i.id = o.industry_id left join plants p on p.id = o.plant_id
    left join vehicle_types v on v.id = o.vehicle_type_id left join products pr on pr.id = o.product_id`;

/**
 * The page of orders matching `where` in `order`, with the capped count when `counted`. `fenced`:
 * the matches are found first and then sorted (`offset 0` keeps the sort and limit out of the
 * search), so one reusable plan reads a search's few matches from the index of its condition
 * rather than walking the shipper's orders in the sort's order looking for them.
 */
function orderPage(where: string, order: string, limit: number, offset: number, counted: boolean, fenced = false): string {
  const count = counted ? `(select count(*) from (select 1 from orders where ${where} order by ${order} limit 10001) c)` : 'null::bigint';
  const matches = fenced ? `(select * from orders where ${where} offset 0) orders` : `orders where ${where}`;
  return `with page as (select id from ${matches} order by ${order} limit ${limit + 1} offset ${offset})
    select r.*, ${count} as total from (${ORDER_ROWS}) r
    order by ${order
      .split(',')
      .map((key) => `r.${key.trim()}`)
      .join(', ')} limit ${limit}`;
}

const OUTBOUND = 'industry_id = $1 and request_type = 1';

/** The scenarios of the issue, with the shipper's data picked after seeding. */
export function scenarios(p: Picks): Scenario[] {
  const id = [p.industryId];
  return [
    { name: 'default page', path: '/api/orders/outbound', sql: orderPage(OUTBOUND, 'id desc', 25, 0, true), params: id },
    {
      name: '100 rows',
      path: '/api/orders/outbound?pageSize=100',
      sql: orderPage(OUTBOUND, 'id desc', 100, 0, true),
      params: id,
    },
    {
      name: 'status + plant',
      path: `/api/orders/outbound?status=delivered&plantId=${p.plantId}`,
      sql: orderPage(`${OUTBOUND} and status = 'delivered' and plant_id = $2`, 'id desc', 25, 0, true),
      params: [p.industryId, p.plantId],
    },
    {
      name: 'date range + sort',
      path: `/api/orders/outbound?pickupFrom=${p.weekFrom}&pickupTo=${p.weekTo}&sort=-pickupAt`,
      sql: orderPage(`${OUTBOUND} and pickup_at >= $2 and pickup_at < $3`, 'pickup_at desc, id desc', 25, 0, true),
      params: [p.industryId, p.weekStart, p.weekEnd],
    },
    {
      name: 'number search',
      path: `/api/orders/outbound?search=${p.orderNumber}`,
      sql: orderPage(`${OUTBOUND} and number ~>=~ $2 and number ~<~ $3`, 'id desc', 25, 0, false, true),
      params: [
        p.industryId,
        p.orderNumber,
        `${p.orderNumber.slice(0, -1)}${String.fromCharCode(p.orderNumber.charCodeAt(p.orderNumber.length - 1) + 1)}`,
      ],
    },
    {
      // As the web app asks for it: after page 1999, with that page's cursor (keyset, 51 index entries).
      name: 'page 2000',
      path: '/api/orders/outbound?page=2000',
      cursorFrom: '/api/orders/outbound?page=1999',
      sql: orderPage(`${OUTBOUND} and id <= $2`, 'id desc', 25, 25, false),
      params: [p.industryId, p.page1999FirstId],
    },
    {
      // A link straight to page 2000, opened in another tab or by another user (no cursor; a reload
      // keeps the tab's cursors since 2026-12-01): 50,000 index entries skipped.
      name: 'page 2000 by link',
      path: '/api/orders/outbound?page=2000',
      sql: orderPage(OUTBOUND, 'id desc', 25, 1999 * 25, false),
      params: id,
    },
    {
      // The carrier portal's "My orders": every shipper's orders addressed to the carrier, newest first.
      name: 'carrier orders',
      as: 'carrier',
      path: '/api/carrier/orders',
      sql: CARRIER_ORDERS_PAGE,
      params: [p.carrierId],
    },
    { name: 'request list', path: '/api/requests/outbound', sql: REQUEST_PAGE, params: id },
    { name: 'master (carriers)', path: '/api/carriers', sql: CARRIER_PAGE, params: id },
  ];
}

/**
 * The carrier's page: its newest 26 orders at every shipper by the order's carrier (orders_by_carrier,
 * migration 0034), and the count to the cap. Before that column, the best SQL took the newest 26 of
 * each of the carrier's links and directions from orders_carrier and merged them (docs/benchmarks.md,
 * run AA1).
 */
const CARRIER_ORDERS_PAGE = `
  with page as (select id from orders where carrier_id = $1 order by id desc limit 26)
  select r.*, (select count(*) from (select 1 from orders where carrier_id = $1 limit 10001) c) as total
  from (${ORDER_ROWS}) r order by r.id desc limit 25`;

const REQUEST_PAGE = `
  with page as (select id from transport_requests where industry_id = $1 and request_type = 1 order by id desc limit 26)
  select r.id, r.number, r.request_type, r.status, r.plant_id, p.name as plant_name, r.pickup_address_id,
    (select pt.company || ', ' || a.label from party_addresses a join parties pt on pt.id = a.party_id
      where a.id = r.pickup_address_id) as pickup_label,
    coalesce((select json_agg(json_build_object('addressId', d.address_id, 'stopId', d.stop_id,
      'label', coalesce(a.label || ', ' || a.city, s.name || ', ' || s.city)) order by d.seq)
      from request_dropoffs d left join party_addresses a on a.id = d.address_id left join stops s on s.id = d.stop_id
      where d.request_id = r.id), '[]'::json) as dropoffs,
    r.product_id, pr.name as product_name, r.package_id, r.quantity, r.weight_tonnes, r.vehicle_type_id,
    vt.name as vehicle_type_name, r.vehicle_count, r.pickup_at, r.bid_start_at, r.bid_end_at, r.target_price_paise,
    r.price_basis,
    coalesce((select array_agg(i.industry_carrier_id order by i.industry_carrier_id) from request_invites i where i.request_id = r.id), '{}') as links,
    coalesce((select array_agg(g.group_id order by g.group_id) from request_invite_groups g where g.request_id = r.id), '{}') as groups,
    r.hide_material, r.remarks, r.created_at, r.updated_at,
    (select count(*) from (select 1 from transport_requests where industry_id = $1 and request_type = 1 order by id desc limit 10001) c) as total
  from page join transport_requests r on r.id = page.id join plants p on p.id = r.plant_id
  left join products pr on pr.id = r.product_id join vehicle_types vt on vt.id = r.vehicle_type_id
  order by r.id desc`;

const CARRIER_PAGE = `
  with page as (select id from industry_carriers where industry_id = $1 order by id desc limit 26)
  select ic.id, c.id as carrier_id, c.name, c.contact_name, c.mobile, c.email, c.pan, c.gstin, c.address, c.city, c.state,
    c.pincode, c.fleet_size, ic.code, ic.status,
    coalesce((select array_agg(m.group_id order by m.group_id) from carrier_group_members m where m.industry_carrier_id = ic.id), '{}') as group_ids,
    coalesce((select array_agg(g.name order by g.name) from carrier_group_members m join carrier_groups g on g.id = m.group_id
      where m.industry_carrier_id = ic.id), '{}') as group_names,
    ic.created_at, ic.updated_at,
    (select count(*) from (select 1 from industry_carriers where industry_id = $1 order by id desc limit 10001) c) as total
  from page join industry_carriers ic on ic.id = page.id join carriers c on c.id = ic.carrier_id
  order by ic.id desc`;
