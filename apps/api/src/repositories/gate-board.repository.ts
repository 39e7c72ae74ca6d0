import { and, asc, count, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { normaliseVehicleNumber } from '@freightdesk/shared/schemas/execution';
import type { OrderStatus } from '@freightdesk/shared/status/order';
import type { DbOrTx } from '../db/client.ts';
import { ewayBills } from '../db/schema/execution.ts';
import { orders as o } from '../db/schema/orders.ts';
import { plants } from '../db/schema/plants.ts';
import { vehicleTypes } from '../db/schema/settings.ts';
import { carriers, industryCarriers } from '../db/schema/tenancy.ts';
import { forbidden } from '../lib/errors.ts';
import { likePattern } from './common/pagination.ts';
import { type Direction, ordersFor, permissionNeeded, plantsFor, type Viewer } from '../lib/policy.ts';

/**
 * The statements of the gate board (issue 32): the plants a guard may open (the policy's plant
 * rule) and the orders of a plant's day or of later days, as the policy lets the viewer read them
 * (tenant, direction, plants). Every read takes the viewer and applies the rule itself.
 */

/** Not yet out of the gate, vehicle known. */
export const BEFORE_GATE_OUT: OrderStatus[] = ['vehicle_assigned', 'reported', 'gate_in', 'loaded', 'unloaded'];

/** An India day as the board reads it: its start and end, and until when an expected vehicle is due on it. */
export type BoardWindow = { start: Date; end: Date; dueBy: Date };

/** The policy's plant rule for reading orders of the direction; 403 naming the permission when there is none. */
function plantRule(viewer: Viewer, direction: Direction): SQL {
  const rule = plantsFor(viewer, 'read', direction);
  if (!rule) {
    throw forbidden(permissionNeeded('order', 'list', direction));
  }
  return rule;
}

/** The active plants the viewer may open, by name. */
export const boardPlantsQuery = (db: DbOrTx, viewer: Viewer, direction: Direction) =>
  db
    .select({ id: plants.id, name: plants.name })
    .from(plants)
    .where(and(plantRule(viewer, direction), eq(plants.status, 'active')))
    .orderBy(asc(plants.name));

/** One plant, if the viewer may open it (active or not). */
export const boardPlantQuery = (db: DbOrTx, viewer: Viewer, direction: Direction, plantId: number) =>
  db
    .select({ id: plants.id, name: plants.name })
    .from(plants)
    .where(and(plantRule(viewer, direction), eq(plants.id, plantId)));

export type BoardPlant = { id: number; name: string };

/** The active plants the viewer may open (403 without the order list permission of the direction). */
export async function boardPlants(db: DbOrTx, viewer: Viewer, direction: Direction): Promise<BoardPlant[]> {
  return boardPlantsQuery(db, viewer, direction);
}

/** The plant `plantId` if the viewer may open it. */
export async function boardPlantById(db: DbOrTx, viewer: Viewer, direction: Direction, plantId: number): Promise<BoardPlant | undefined> {
  const [plant] = await boardPlantQuery(db, viewer, direction, plantId);
  return plant;
}

/** The live e-way bills of the orders. */
export async function activeBillsOf(db: DbOrTx, orderIds: number[]) {
  return db
    .select({ orderId: ewayBills.orderId, status: ewayBills.status, validUntil: ewayBills.validUntil })
    .from(ewayBills)
    .where(and(inArray(ewayBills.orderId, orderIds), eq(ewayBills.status, 'active')));
}

/** A vehicle not out of the gate yet is on the day's board: due by then, or reported before its end. */
const dueOnBoard = (w: BoardWindow) => and(inArray(o.status, BEFORE_GATE_OUT), or(lt(o.pickupAt, w.dueBy), lt(o.reportedAt, w.end))) as SQL;

/** A vehicle not out of the gate yet that the day's board does not list: due later, not reported before its end. */
const dueAfterBoard = (w: BoardWindow) =>
  and(inArray(o.status, BEFORE_GATE_OUT), gte(o.pickupAt, w.dueBy), or(isNull(o.reportedAt), gte(o.reportedAt, w.end))) as SQL;

/** The guard's text as SQL: a vehicle number in any spacing or case, an order number, a carrier. */
function searchRule(search: string): SQL {
  const vehicle = normaliseVehicleNumber(search);
  return or(
    vehicle ? ilike(o.vehicleNumber, likePattern(vehicle)) : undefined,
    ilike(o.number, likePattern(search)),
    ilike(carriers.name, likePattern(search)),
  ) as SQL;
}

/** The columns of a board row, of the order and its carrier and vehicle type (the joins of `gateRowsFrom`). */
const rowFields = (direction: Direction) => ({
  orderId: o.id,
  orderNumber: o.number,
  source: o.source,
  status: o.status,
  carrierName: carriers.name,
  vehicleNumber: o.vehicleNumber,
  vehicleTypeName: vehicleTypes.name,
  driverName: o.driverName,
  driverMobile: o.driverMobile,
  pickupAt: o.pickupAt,
  reportedAt: o.reportedAt,
  gateInAt: o.gateInAt,
  gateOutAt: o.gateOutAt,
  turnaroundMinutes: o.turnaroundMinutes,
  vehicleMismatch: o.vehicleMismatch,
  otherEnd: sql<string | null>`(select s.label from order_stops s where s.order_id = ${o.id}
    and s.kind = ${direction === 2 ? 'pickup' : 'drop'} order by s.seq desc limit 1)`,
});

/** The orders of board rows: `where` and the viewer's read rule (tenant, direction, plants), with their carrier and vehicle type. */
function gateRowsFrom(db: DbOrTx, viewer: Viewer, direction: Direction, where: SQL) {
  return db
    .select(rowFields(direction))
    .from(o)
    .innerJoin(industryCarriers, eq(industryCarriers.id, o.industryCarrierId))
    .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, o.vehicleTypeId))
    .where(and(ordersFor(viewer, 'read', direction) ?? sql`false`, where));
}

/** The board of a plant's day: vehicles due on it (or reported before its end) and not out, and those out that day. */
export const boardRowsQuery = (db: DbOrTx, viewer: Viewer, direction: Direction, plantId: number, w: BoardWindow, max: number) =>
  gateRowsFrom(
    db,
    viewer,
    direction,
    and(eq(o.plantId, plantId), or(dueOnBoard(w), and(gte(o.gateOutAt, w.start), lt(o.gateOutAt, w.end)))) as SQL,
  )
    .orderBy(asc(o.pickupAt), asc(o.id))
    .limit(max);

export type GateRawRow = Awaited<ReturnType<typeof boardRowsQuery>>[number];

/** The plant's vehicles due after the day's board matching the guard's search. */
const otherDaysWhere = (plantId: number, w: BoardWindow, search: string) =>
  and(eq(o.plantId, plantId), dueAfterBoard(w), searchRule(search)) as SQL;

/** A page of the plant's vehicles due after the day's board matching the search, earliest pickup first. */
export const otherDaysRowsQuery = (
  db: DbOrTx,
  viewer: Viewer,
  direction: Direction,
  find: { plantId: number; window: BoardWindow; search: string },
  page: { limit: number; offset: number },
) =>
  gateRowsFrom(db, viewer, direction, otherDaysWhere(find.plantId, find.window, find.search))
    .orderBy(asc(o.pickupAt), asc(o.id))
    .limit(page.limit)
    .offset(page.offset);

/** How many orders `otherDaysRowsQuery` reads over all pages. */
export const otherDaysCountQuery = (
  db: DbOrTx,
  viewer: Viewer,
  direction: Direction,
  find: { plantId: number; window: BoardWindow; search: string },
) =>
  db
    .select({ n: count() })
    .from(o)
    .innerJoin(industryCarriers, eq(industryCarriers.id, o.industryCarrierId))
    .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
    .where(and(ordersFor(viewer, 'read', direction) ?? sql`false`, otherDaysWhere(find.plantId, find.window, find.search)));

/** The gate board's reads as async steps. */
export async function boardRows(db: DbOrTx, viewer: Viewer, direction: Direction, plantId: number, w: BoardWindow, max: number) {
  return boardRowsQuery(db, viewer, direction, plantId, w, max);
}

/** A page of vehicles due on later days and their count. */
export async function otherDaysRows(
  db: DbOrTx,
  viewer: Viewer,
  direction: Direction,
  find: { plantId: number; window: BoardWindow; search: string },
  page: { limit: number; offset: number },
): Promise<{ raw: GateRawRow[]; total: number }> {
  const [raw, [row]] = await Promise.all([
    otherDaysRowsQuery(db, viewer, direction, find, page),
    otherDaysCountQuery(db, viewer, direction, find),
  ]);
  return { raw, total: row?.n ?? 0 };
}
