import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Order, OrderListQuery } from '@freightdesk/shared/schemas/order';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { type Direction, ordersFor, type Viewer } from '../lib/policy.ts';
import { allOrders, orderResources } from './order-rows.repository.ts';

/**
 * The orders a user reads (issue 32): each read takes the viewer and applies the policy's order
 * rule (tenant, direction, plants; a carrier's own orders) itself, so a list and its pages cannot
 * disagree. The rows are order-rows.repository.ts's.
 */

/** What the policy admits, or nothing. */
export const orScopeNone = (condition: SQL | null): SQL => condition ?? sql`false`;

/** The orders of the direction the viewer may read. */
export const orderReadScope = (viewer: Viewer, direction: Direction): SQL => orScopeNone(ordersFor(viewer, 'read', direction));

/** Offline orders only, as far as the policy lets the viewer read orders (plants included). */
export const offlineReadScope = (viewer: Viewer, direction: Direction): SQL =>
  sql`${eq(orders.source, 'offline')} and ${orderReadScope(viewer, direction)}`;

/** A page of the shipper's orders of the direction the viewer may read. */
export function orderList(db: DbOrTx, viewer: Viewer, industryId: number, direction: Direction, q: OrderListQuery) {
  return orderResources[direction].list(db, industryId, q, orderReadScope(viewer, direction));
}

/** One order the viewer may read (404 for any other). */
export function orderOf(db: DbOrTx, viewer: Viewer, industryId: number, direction: Direction, id: number): Promise<Order> {
  return orderResources[direction].mustFind(db, industryId, id, orderReadScope(viewer, direction));
}

/** A page of the shipper's offline orders the viewer may read. */
export function offlineOrderList(db: DbOrTx, viewer: Viewer, industryId: number, direction: Direction, q: OrderListQuery) {
  return orderResources[direction].list(db, industryId, { ...q, source: 'offline' }, offlineReadScope(viewer, direction));
}

/** One offline order the viewer may read (404 for any other). */
export function offlineOrderOf(db: DbOrTx, viewer: Viewer, industryId: number, direction: Direction, id: number): Promise<Order> {
  return orderResources[direction].mustFind(db, industryId, id, offlineReadScope(viewer, direction));
}

/** A carrier's own orders (any shipper), newest first. */
export async function carrierOrders(db: DbOrTx, carrier: Viewer, q: OrderListQuery = { page: 1, pageSize: 100 }) {
  return allOrders.list(db, 0, q, orScopeNone(ordersFor(carrier, 'read')));
}

/** One of the carrier's own orders (404 for any other). */
export async function carrierOrder(db: DbOrTx, carrier: Viewer, id: number): Promise<Order> {
  return allOrders.mustFind(db, 0, id, orScopeNone(ordersFor(carrier, 'read')));
}

/** The shipper's order, after a change the caller made within the policy's scope (404 when gone). */
export function orderById(db: DbOrTx, industryId: number, direction: Direction, id: number): Promise<Order> {
  return orderResources[direction].mustFind(db, industryId, id);
}

/** The shipper's orders by id (up to 100), after a change the caller made within the policy's scope. */
export function ordersByIds(db: DbOrTx, industryId: number, direction: Direction, ids: number[]) {
  return orderResources[direction].list(db, industryId, { page: 1, pageSize: 100 }, inArray(orders.id, ids));
}
