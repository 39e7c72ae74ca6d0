/**
 * Bulk data for the lists benchmark, made inside the database with generate_series (no rows cross
 * the wire): shippers, plants, carriers and their links, transport requests, and orders with their
 * stops and PODs. The demo shipper (Demo Industries, owner@demo.test) gets `mainShare` of the
 * orders; the rest are spread over `others` shippers. Pickups cover the two years up to two weeks
 * from now, rising with the id as real bookings do; plants and carriers are skewed (a few busy
 * ones, a long tail); statuses follow the age of the pickup (old orders closed, delivered,
 * cancelled or rejected; recent ones anywhere on the road), with the gate, reject and cancel times
 * the moves would have stamped.
 */
export type SeedSize = { orders: number; requests: number; others: number; mainShare: number };

/** The statements, in order; `main` is the demo shipper's id. Random values come from setseed, so a run repeats. */
export function seedStatements(main: number, size: SeedSize): string[] {
  const mainOrders = Math.round(size.orders * size.mainShare);
  // Every k-th order (and request) is another shipper's; the others share the rest in turn.
  const otherEvery = size.mainShare >= 1 ? 0 : Math.max(2, Math.round(1 / (1 - size.mainShare)));
  const shipperOf = (g: string) =>
    otherEvery === 0
      ? `${main}`
      : `case when ${g} % ${otherEvery} = 0 then (select id from bench_shippers where n = 1 + (${g} / ${otherEvery}) % ${size.others}) else ${main} end`;
  return [
    'select setseed(0.42)',
    `create temp table bench_shippers as
       with made as (insert into industries (name, gstin)
         select 'Bench Shipper ' || g, null from generate_series(1, ${Math.max(1, size.others)}) g returning id)
       select id, row_number() over (order by id) as n from made`,
    // 40 plants for the big shipper, 4 for each of the others (rank 1 the busiest).
    `insert into plants (industry_id, name, code, gstin, address, city, state, pincode, latitude, longitude)
       select s.id, 'Bench Plant ' || s.id || '-' || g, 'BP' || g, '27AAAAA0000A1Z5', 'Plot ' || g || ', MIDC', city, 'Maharashtra',
              '411' || lpad(g::text, 3, '0'), 18 + g * 0.05, 73 + g * 0.05
       from (select ${main} as id union all select id from bench_shippers) s
       cross join generate_series(1, case when s.id = ${main} then 40 else 4 end) g
       cross join lateral (select (array['Pune', 'Nashik', 'Aurangabad', 'Nagpur', 'Surat', 'Vapi', 'Chennai', 'Hosur'])[1 + g % 8] as city) c`,
    `create temp table bench_plants as
       select id, industry_id, row_number() over (partition by industry_id order by id) as rank,
              count(*) over (partition by industry_id) as n, name
       from plants where name like 'Bench Plant %'`,
    `insert into carriers (name, pan, city, state, mobile)
       select 'Bench Carrier ' || lpad(g::text, 4, '0') || ' ' || (array['Roadlines', 'Logistics', 'Transport', 'Carriers', 'Movers'])[1 + g % 5],
              null, (array['Pune', 'Mumbai', 'Delhi', 'Chennai', 'Ahmedabad', 'Indore'])[1 + g % 6], 'Maharashtra', null
       from generate_series(1, 600) g`,
    // The big shipper works with 250 carriers, each other shipper with 40.
    `insert into industry_carriers (industry_id, carrier_id, code)
       select s.id, c.id, 'BC' || c.id from (select ${main} as id union all select id from bench_shippers) s
       join lateral (select id from carriers where name like 'Bench Carrier %'
                     order by (id * 7919 + s.id * 104729) % 600 limit case when s.id = ${main} then 250 else 40 end) c on true`,
    `create temp table bench_links as
       select ic.id, ic.industry_id, row_number() over (partition by ic.industry_id order by ic.id) as rank,
              count(*) over (partition by ic.industry_id) as n
       from industry_carriers ic where ic.code like 'BC%'`,
    `create index on bench_plants (industry_id, rank)`,
    `create index on bench_links (industry_id, rank)`,
    `analyze bench_plants`,
    `analyze bench_links`,
    `insert into transport_requests (industry_id, number, request_type, status, plant_id, weight_tonnes, vehicle_type_id,
                                     vehicle_count, pickup_at, bid_start_at, bid_end_at, target_price_paise, created_at, updated_at)
       select x.industry_id, 'RQ-' || to_char(x.pickup_at, 'YYYY') || '-' || lpad(x.g::text, 7, '0'), x.request_type,
              case when x.pickup_at > now() + interval '1 day' then (array['open', 'scheduled', 'draft'])[1 + x.g % 3]
                   when x.pickup_at > now() - interval '2 days' then (array['closed', 'awarded', 'open'])[1 + x.g % 3]
                   else (array['awarded', 'awarded', 'awarded', 'cancelled', 'expired'])[1 + x.g % 5] end,
              (select p.id from bench_plants p where p.industry_id = x.industry_id
                 and p.rank = 1 + floor(power(x.r1, 2) * (case when x.industry_id = ${main} then 40 else 4 end))::int),
              20, (select min(id) from vehicle_types) + x.g % 10, 1 + x.g % 4, x.pickup_at,
              x.pickup_at - interval '3 days', x.pickup_at - interval '1 day', 2500000 + (x.g % 50) * 10000,
              x.pickup_at - interval '4 days', x.pickup_at - interval '1 day'
       from (select g, ${shipperOf('g')} as industry_id, 1 + (g % 10 >= 7)::int as request_type, random() as r1,
                    now() - interval '730 days' + (g::float8 / ${size.requests}) * interval '744 days'
                      + (random() - 0.5) * interval '2 days' as pickup_at
             from generate_series(1, ${size.requests}) g) x`,
    ...orderStatements(main, size, shipperOf),
    `drop table bench_shippers, bench_plants, bench_links`,
    `-- ${mainOrders} orders of the demo shipper`,
  ];
}

/** Orders, their stops (pickup at the plant, one drop) and a POD for each delivered or closed one. */
function orderStatements(main: number, size: SeedSize, shipperOf: (g: string) => string): string[] {
  return [
    `create temp table bench_orders as
       select g, ${shipperOf('g')} as industry_id, 1 + (g % 10 >= 7)::int as request_type,
              random() as r_plant, random() as r_link, random() as r_status, random() as r_hours,
              now() - interval '730 days' + (g::float8 / ${size.orders}) * interval '744 days'
                + (random() - 0.5) * interval '4 days' as pickup_at
       from generate_series(1, ${size.orders}) g`,
    `insert into orders (industry_id, number, source, request_type, industry_carrier_id, plant_id, vehicle_type_id, price_paise,
                         price_basis, pickup_at, status, vehicle_number, driver_name, driver_mobile, rejected_at, reject_reason,
                         gate_in_at, gate_out_at, reported_at, arrived_at, delivered_at, closed_at, cancelled_at, cancel_reason,
                         weight_tonnes, lane, created_at, updated_at)
       select y.industry_id, 'ORD-' || to_char(y.pickup_at, 'YYYY') || '-' || lpad(y.g::text, 7, '0'),
              case when y.g % 10 < 6 then 'request' when y.g % 10 < 8 then 'offline' else 'indent' end,
              y.request_type, y.link_id, y.plant_id, (select min(id) from vehicle_types) + y.g % 10,
              2000000 + (y.g % 97) * 25000, 'trip', y.pickup_at, y.status,
              case when y.step >= 1 then 'MH' || lpad((1 + y.g % 48)::text, 2, '0') || chr(65 + y.g % 26) || chr(65 + (y.g / 26) % 26)
                                         || lpad(((y.g * 7) % 10000)::text, 4, '0') end,
              case when y.step >= 1 then 'Driver ' || y.g % 5000 end,
              case when y.step >= 1 then '9' || lpad(((y.g::bigint * 7919) % 1000000000)::text, 9, '0') end,
              case when y.status = 'rejected' then y.pickup_at - interval '20 hours' end,
              case when y.status = 'rejected' then 'No vehicle available' end,
              case when y.step >= 3 then y.pickup_at + y.r_hours * interval '3 hours' end,
              case when y.step >= 5 then y.pickup_at + interval '3 hours' + y.r_hours * interval '5 hours' end,
              case when y.step >= 2 then y.pickup_at - interval '1 hour' end,
              case when y.step >= 6 then y.pickup_at + interval '30 hours' end,
              case when y.step >= 7 then y.pickup_at + interval '40 hours' end,
              case when y.step >= 8 then y.pickup_at + interval '4 days' end,
              case when y.status = 'cancelled' then y.pickup_at - interval '10 hours' end,
              case when y.status = 'cancelled' then 'Plan changed' end,
              10 + y.g % 20,
              -- the lane's name as order-lane.ts writes it from the stops below (repositories/common/lane-names.ts)
              (select case when y.request_type = 2 then coalesce(nullif(p.city, ''), p.name) || ' → ' || p.name
                           else p.name || ' → ' || (array['Surat', 'Indore', 'Delhi', 'Bhopal'])[1 + y.g % 4] end
               from plants p where p.id = y.plant_id),
              y.pickup_at - interval '2 days', y.pickup_at
       from (select z.*,
                    case z.status when 'placed' then 0 when 'vehicle_assigned' then 1 when 'reported' then 2 when 'gate_in' then 3
                      when 'loaded' then 4 when 'unloaded' then 4 when 'gate_out' then 5 when 'arrived' then 6
                      when 'delivered' then 7 when 'closed' then 8 else 0 end as step,
                    (select p.id from bench_plants p where p.industry_id = z.industry_id
                       and p.rank = 1 + floor(power(z.r_plant, 2) * (case when z.industry_id = ${main} then 40 else 4 end))::int) as plant_id,
                    (select l.id from bench_links l where l.industry_id = z.industry_id
                       and l.rank = 1 + floor(power(z.r_link, 3) * (case when z.industry_id = ${main} then 250 else 40 end))::int) as link_id
             from (select x.*,
                          -- old orders are done with; recent ones anywhere on the road
                          case when x.pickup_at < now() - interval '10 days' then
                                 case when x.r_status < 0.82 then 'closed' when x.r_status < 0.90 then 'delivered'
                                      when x.r_status < 0.95 then 'cancelled' else 'rejected' end
                               when x.pickup_at > now() then
                                 case when x.r_status < 0.5 then 'placed' when x.r_status < 0.85 then 'vehicle_assigned'
                                      when x.r_status < 0.93 then 'cancelled' else 'rejected' end
                               else (array['placed', 'vehicle_assigned', 'reported', 'gate_in',
                                           case when x.request_type = 1 then 'loaded' else 'unloaded' end,
                                           'gate_out', 'arrived', 'delivered', 'cancelled', 'rejected'])[1 + floor(x.r_status * 10)::int] end as status
                   from bench_orders x) z
             order by z.g) y`,
    'drop table bench_orders',
    `insert into order_stops (order_id, seq, kind, plant_id, label, city)
       select o.id, 1, 'pickup', o.plant_id, p.name, p.city from orders o join plants p on p.id = o.plant_id
       where p.name like 'Bench Plant %'
       union all
       select o.id, 2, 'drop', null, 'Client ' || (o.id % 300) || ', ' || d.city, d.city
       from orders o join plants p on p.id = o.plant_id
       cross join lateral (select case when o.request_type = 2 then (array['Surat', 'Indore', 'Delhi', 'Bhopal'])[1 + o.id % 4]
                                       else split_part(o.lane, ' → ', 2) end as city) d
       where p.name like 'Bench Plant %'`,
    `insert into pods (industry_id, order_id, version, delivered_at, receiver_name, shortage_qty, status, decided_at)
       select o.industry_id, o.id, 1, o.delivered_at, 'Stores', case when o.id % 50 = 0 then 1 else 0 end,
              case when o.status = 'closed' then 'accepted' else 'submitted' end, o.closed_at
       from orders o where o.status in ('delivered', 'closed') and o.delivered_at is not null`,
    // E-way bills for the compliance report: most vehicles leave with one (generated two hours before);
    // some leave without, some bills run out before the delivery, some are extended, a few orders carry two.
    // The triggers that keep each order's bill figures (migration 0030) are off for the bulk insert; the
    // orders with bills are then brought up to date through the same rule in one statement.
    'alter table eway_bills disable trigger eway_bills_order_facts',
    `insert into eway_bills (industry_id, order_id, number, generated_at, distance_km, valid_until, value_paise, from_gstin,
                             status, extensions, source)
       select o.industry_id, o.id, (100000000000 + o.id)::text, o.gate_out_at - interval '2 hours', 600,
              o.gate_out_at + case when o.id % 31 = 0 then interval '20 hours' else interval '3 days' end,
              5000000, '27AAPFU0939F1ZV', 'active', (o.id % 13 = 0)::int, 'bench'
       from orders o where o.gate_out_at is not null and o.id % 27 <> 0
       union all
       select o.industry_id, o.id, (200000000000 + o.id)::text, o.gate_out_at - interval '1 hour', 600,
              o.gate_out_at + interval '3 days', 2000000, '27AAPFU0939F1ZV', 'active', 0, 'bench'
       from orders o where o.gate_out_at is not null and o.id % 41 = 0`,
    'alter table eway_bills enable trigger eway_bills_order_facts',
    `update orders o set (eway_covered, eway_extended, eway_active_until, eway_expired_on_road) =
         (select f.covered, f.extended, f.active_until, f.expired_on_road from order_eway_facts(o.id, o.gate_out_at, o.delivered_at) f)
       where o.id in (select order_id from eway_bills)`,
    // That update left a dead copy of most orders: compact the table, as a real one is after years of vacuums.
    'vacuum full orders',
  ];
}
