import { and, eq, ilike, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Order, OrderListQuery } from '@freightdesk/shared/schemas/order';
import { ACTIVE_ORDER_STATUSES } from '@freightdesk/shared/status/order';
import type { DbOrTx } from '../db/client.ts';
import { indents } from '../db/schema/indents.ts';
import { orders } from '../db/schema/orders.ts';
import { plants } from '../db/schema/plants.ts';
import { transportRequests } from '../db/schema/requests.ts';
import { products, vehicleTypes } from '../db/schema/settings.ts';
import { carriers, industries, industryCarriers } from '../db/schema/tenancy.ts';
import { inDays, isoColumn, rupeesColumn } from './common/rows.ts';
import { reused } from './common/prepared.ts';
import { matchingIds, numberMatch } from './common/list-page.ts';
import { likePattern } from './common/pagination.ts';
import { tenantResource } from '../lib/tenant-resource.ts';

const o = orders;

/**
 * The order's row as the lists and pages show it (issue 32): its columns, the names joined, the
 * search and filters, as one resource per direction (lib/tenant-resource.ts). Reads that serve a
 * user apply the policy's order rule through orders.repository.ts.
 */

/** Statuses with a vehicle on the road, as a SQL list (constants only). */
export const ACTIVE_SQL = sql.raw(ACTIVE_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * A column of the order in a subquery of the select list, named with its table: Drizzle leaves
 * columns unqualified in a query without joins, which inside `from pods p` would name the pod's
 * own `id`.
 */
const col = (c: PgColumn) => sql.raw(`"orders"."${c.name}"`);

/**
 * The names an order row shows, from their own tables by left joins: the planner reads a small
 * table once for a page (a hash) or looks each row up by key, where a lookup in the select list
 * runs once a row (the rows of a 100-row page on PGlite: 7.7 ms by lookups, about 5 ms joined).
 * The carrier's name stays a lookup (below): the carrier links grow with the platform, and a hash
 * of them for every page would read them all. The ids and the count of a list never read these
 * joins (repositories/common/resource-read.ts).
 */
const named = {
  request: alias(transportRequests, 'order_request'),
  indent: alias(indents, 'order_indent'),
  shipper: alias(industries, 'order_shipper'),
  plant: alias(plants, 'order_plant'),
  vehicleType: alias(vehicleTypes, 'order_vehicle_type'),
  product: alias(products, 'order_product'),
};
const joins = [
  { table: named.request, on: eq(named.request.id, o.requestId) },
  { table: named.indent, on: eq(named.indent.id, o.indentId) },
  { table: named.shipper, on: eq(named.shipper.id, o.industryId) },
  { table: named.plant, on: eq(named.plant.id, o.plantId) },
  { table: named.vehicleType, on: eq(named.vehicleType.id, o.vehicleTypeId) },
  { table: named.product, on: eq(named.product.id, o.productId) },
];

const select = {
  id: o.id,
  number: o.number,
  source: o.source,
  requestId: o.requestId,
  requestNumber: named.request.number,
  indentId: o.indentId,
  indentNumber: named.indent.number,
  requestType: o.requestType,
  status: o.status,
  carrierLinkId: o.industryCarrierId,
  carrierName: sql<string>`(select c.name from industry_carriers ic join carriers c on c.id = ic.carrier_id
    where ic.id = ${col(o.industryCarrierId)})`.as('carrier_name'),
  shipperName: named.shipper.name,
  plantId: o.plantId,
  plantName: named.plant.name,
  vehicleTypeId: o.vehicleTypeId,
  vehicleTypeName: named.vehicleType.name,
  priceRupees: rupeesColumn(o.pricePaise),
  priceBasis: o.priceBasis,
  pickupAt: isoColumn(o.pickupAt),
  vehicleNumber: o.vehicleNumber,
  driverName: o.driverName,
  driverMobile: o.driverMobile,
  rejectedAt: isoColumn(o.rejectedAt),
  rejectReason: o.rejectReason,
  gateInAt: isoColumn(o.gateInAt),
  gateOutAt: isoColumn(o.gateOutAt),
  reportedAt: isoColumn(o.reportedAt),
  arrivedAt: isoColumn(o.arrivedAt),
  deliveredAt: isoColumn(o.deliveredAt),
  closedAt: isoColumn(o.closedAt),
  cancelledAt: isoColumn(o.cancelledAt),
  cancelReason: o.cancelReason,
  turnaroundMinutes: o.turnaroundMinutes,
  vehicleMismatch: o.vehicleMismatch,
  productId: o.productId,
  productName: named.product.name,
  weightTonnes: o.weightTonnes,
  externalRef: o.externalRef,
  pickupLabel: sql<string | null>`(select s.label from order_stops s
    where s.order_id = ${col(o.id)} and s.kind = 'pickup' order by s.seq limit 1)`.as('pickup_label'),
  dropLabel: sql<string | null>`(select s.label from order_stops s
    where s.order_id = ${col(o.id)} and s.kind = 'drop' order by s.seq desc limit 1)`.as('drop_label'),
  dropCount: sql<number>`(select count(*)::int from order_stops s where s.order_id = ${col(o.id)} and s.kind = 'drop')`.as('drop_count'),
  // Within the shipper: another shipper's orders are none of this one's business.
  vehicleOnAnotherOrder: sql<boolean>`(${col(o.vehicleNumber)} is not null and ${col(o.status)} in (${ACTIVE_SQL})
    and exists (select 1 from orders x where x.vehicle_number = ${col(o.vehicleNumber)} and x.id <> ${col(o.id)}
      and x.industry_id = ${col(o.industryId)} and x.status in (${ACTIVE_SQL})))`.as('vehicle_on_another_order'),
  podIssue: sql<boolean>`coalesce((select p.shortage_qty > 0 or p.damage_qty > 0 from pods p
    where p.order_id = ${col(o.id)} order by p.version desc limit 1), false)`.as('pod_issue'),
  podSentBackReason: sql<string | null>`(select case when p.status = 'rejected' then coalesce(p.decision_reason, '') end
    from pods p where p.order_id = ${col(o.id)} order by p.version desc limit 1)`.as('pod_sent_back_reason'),
  createdAt: isoColumn(o.createdAt),
  updatedAt: isoColumn(o.updatedAt),
};

/** The search's request numbers as the orders' request ids (within the shipper; any shipper's in the carrier view). */
const requestNumbers = (db: DbOrTx, industryId: number, search: string) => {
  const r = transportRequests;
  const where = and(industryId ? eq(r.industryId, industryId) : undefined, numberMatch(r.number, search));
  return matchingIds(
    o.requestId,
    (n) => reused(db.select({ id: r.id }).from(r).where(where).limit(n)),
    db.select({ id: r.id }).from(r).where(where),
  );
};

/** The search's carrier names as the shipper's links to those carriers. */
const carrierNames = (db: DbOrTx, industryId: number, search: string) => {
  const ic = industryCarriers;
  const where = and(industryId ? eq(ic.industryId, industryId) : undefined, ilike(carriers.name, likePattern(search)));
  const links = () => db.select({ id: ic.id }).from(ic).innerJoin(carriers, eq(carriers.id, ic.carrierId)).where(where);
  return matchingIds(o.industryCarrierId, (n) => reused(links().limit(n)), links());
};

/** The search's shipper names (the carrier view, across shippers). */
const shipperNames = (db: DbOrTx, _industryId: number, search: string) => {
  const where = ilike(industries.name, likePattern(search));
  const found = () => db.select({ id: industries.id }).from(industries).where(where);
  return matchingIds(o.industryId, (n) => reused(found().limit(n)), found());
};

/** The search as a whole ERP reference (exact, through the company's unique index; issue 34). */
const externalRefs = async (_db: DbOrTx, _industryId: number, search: string) => eq(o.externalRef, search.trim());

/** Orders of one direction, as the shipper sees them; without a direction, every shipper's (carrier view). */
function orderResource(requestType?: 1 | 2) {
  return tenantResource<Order, never, OrderListQuery>({
    entity: 'order',
    label: 'Order',
    table: o,
    global: requestType === undefined,
    scope: requestType ? eq(o.requestType, requestType) : undefined,
    select,
    joins,
    search: [],
    numbers: [o.number],
    vehicles: [o.vehicleNumber],
    searchRefs: [requestNumbers, carrierNames, externalRefs, ...(requestType === undefined ? [shipperNames] : [])],
    sorts: { number: o.number, pickupAt: o.pickupAt, createdAt: o.createdAt },
    filters: (q) => [
      q.status ? eq(o.status, q.status) : undefined,
      q.source ? eq(o.source, q.source) : undefined,
      q.plantId ? eq(o.plantId, q.plantId) : undefined,
      q.carrierLinkId ? eq(o.industryCarrierId, q.carrierLinkId) : undefined,
      q.externalRef ? eq(o.externalRef, q.externalRef) : undefined,
      inDays(o.pickupAt, q.pickupFrom, q.pickupTo),
      inDays(o.rejectedAt, q.rejectedFrom, q.rejectedTo),
      inDays(o.gateInAt, q.gateInFrom, q.gateInTo),
      inDays(o.gateOutAt, q.gateOutFrom, q.gateOutTo),
    ],
    toRow: (raw) => raw as Order,
    toValues: () => ({}),
  });
}
export const orderResources = { 1: orderResource(1), 2: orderResource(2) } as const;
/** Every shipper's orders, for the carrier portal (callers restrict with the policy). */
export const allOrders = orderResource();
