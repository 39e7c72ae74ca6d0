import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Permission } from '@freightdesk/shared/permissions';
import type { DbOrTx } from '../db/client.ts';
import { contracts, rfqs } from '../db/schema/contracts.ts';
import { indents } from '../db/schema/indents.ts';
import { invoices } from '../db/schema/money.ts';
import { orders } from '../db/schema/orders.ts';
import { contractsFor, indentsFor, rfqsFor } from './policy-contracts.ts';
import { invitedRequests } from './policy-invites.ts';
import { invoicesFor } from './policy-money.ts';
import { type Direction, ORDER_PERMISSIONS, REQUEST_PERMISSIONS } from './policy-permissions.ts';
import { plants } from '../db/schema/plants.ts';
import { transportRequests } from '../db/schema/requests.ts';
import { shipperViewers } from './access.ts';
import { type Action, staffPlantScope, type Viewer } from './policy-scope.ts';

/**
 * Authorization written once. For each business object this module answers which rows a user may
 * read, follow live, change or export — tenant, carrier invitation, draft visibility, staff
 * permission and plant scope — as a SQL condition on the object's table. REST routes put it in
 * their queries, sockets check it before following a room, notifications send only to the users
 * it admits (`audience`), documents and exports follow their owner's rule. No other module writes
 * these rules again; a new object adds its rule here.
 */

export { type Action, carrierViewer, type StaffScope, staffPlantScope, type Viewer } from './policy-scope.ts';

/** Which request permissions let a shipper user take each action. */
const REQUEST_ACTION: Record<Action, (d: Direction) => Permission[]> = {
  list: (d) => [REQUEST_PERMISSIONS[d].list],
  export: (d) => [REQUEST_PERMISSIONS[d].list],
  read: (d) => [REQUEST_PERMISSIONS[d].detail],
  // Live bids reach the detail page and the bid view.
  follow: (d) => [REQUEST_PERMISSIONS[d].detail, REQUEST_PERMISSIONS[d].bids],
  change: (d) => [REQUEST_PERMISSIONS[d].edit],
  // Whoever may create a request may attach its files (the new-request form uploads them).
  attach: (d) => [REQUEST_PERMISSIONS[d].add, REQUEST_PERMISSIONS[d].edit],
};

const holds = (viewer: Viewer, permissions: Permission[]) => permissions.some((p) => viewer.permissions.includes(p));
const directionsOf = (direction?: Direction): Direction[] => (direction ? [direction] : [1, 2]);
const r = transportRequests;
const o = orders;

/**
 * Requests (transport_requests rows) the viewer may take `action` on; null when none at all.
 * Shipper users: their tenant, the directions whose permission they hold, their plants. Carriers:
 * published requests inviting them on a link not blocked — never a draft, never a change.
 */
export function requestsFor(viewer: Viewer, action: Action, direction?: Direction): SQL | null {
  if (viewer.userType === 2) {
    if (!viewer.carrierId || !['list', 'read', 'follow'].includes(action)) {
      return null;
    }
    return and(
      direction ? eq(r.requestType, direction) : undefined,
      ne(r.status, 'draft'),
      sql`(${r.id}, ${r.industryId}) in ${invitedRequests(viewer.carrierId)}`,
    ) as SQL;
  }
  const allowed = directionsOf(direction).filter((d) => holds(viewer, REQUEST_ACTION[action](d)));
  if (!viewer.industryId || !allowed.length) {
    return null;
  }
  return and(eq(r.industryId, viewer.industryId), inArray(r.requestType, allowed), staffPlantScope(viewer, r.plantId)) as SQL;
}

/**
 * Orders the viewer may take `action` on; null when none. Shipper users: their tenant, an order
 * of a direction whose order list they hold (an offline order also by the offline list
 * permission), their plants. Carriers: orders addressed to their company, of any shipper.
 */
export function ordersFor(viewer: Viewer, action: Action, direction?: Direction): SQL | null {
  if (viewer.userType === 2) {
    if (!viewer.carrierId || action === 'export') {
      return null;
    }
    // The order's carrier is its link's (kept by the database), so a carrier's orders read from its own index.
    return and(direction ? eq(o.requestType, direction) : undefined, eq(o.carrierId, viewer.carrierId)) as SQL;
  }
  if (!viewer.industryId) {
    return null;
  }
  const byDirection = directionsOf(direction).flatMap((d) => {
    const { list, offlineList } = ORDER_PERMISSIONS[d];
    if (holds(viewer, [list])) {
      return [eq(o.requestType, d)];
    }
    return holds(viewer, [offlineList]) ? [and(eq(o.requestType, d), eq(o.source, 'offline'))] : [];
  });
  if (!byDirection.length) {
    return null;
  }
  return and(eq(o.industryId, viewer.industryId), or(...byDirection), staffPlantScope(viewer, o.plantId)) as SQL;
}

/**
 * Plants whose orders the viewer may see at the gate (the gate board, its live room): shipper users
 * holding the order list permission of the direction (either, without one), within their plants.
 * A plant is never changed through this rule; carriers have no plants.
 */
export function plantsFor(viewer: Viewer, action: Action, direction?: Direction): SQL | null {
  if (viewer.userType === 2 || !viewer.industryId || !['list', 'read', 'follow'].includes(action)) {
    return null;
  }
  if (!directionsOf(direction).some((d) => holds(viewer, [ORDER_PERMISSIONS[d].list]))) {
    return null;
  }
  return and(eq(plants.industryId, viewer.industryId), staffPlantScope(viewer, plants.id)) as SQL;
}

/** The 403 message when `requestsFor` / `ordersFor` admit nothing: the permissions that would. */
export function permissionNeeded(kind: 'request' | 'order', action: Action, direction?: Direction): string {
  const names = directionsOf(direction).flatMap((d) =>
    kind === 'request' ? REQUEST_ACTION[action](d) : [ORDER_PERMISSIONS[d].list, ORDER_PERMISSIONS[d].offlineList],
  );
  return `You need the ${[...new Set(names)].map((n) => `'${n}'`).join(' or ')} permission for this.`;
}

type Rule = (viewer: Viewer) => SQL | null;
const RULES = {
  request: {
    table: transportRequests,
    rule:
      (action: Action): Rule =>
      (v) =>
        requestsFor(v, action),
  },
  order: {
    table: orders,
    rule:
      (action: Action): Rule =>
      (v) =>
        ordersFor(v, action),
  },
  plant: {
    table: plants,
    rule:
      (action: Action): Rule =>
      (v) =>
        plantsFor(v, action),
  },
  rfq: {
    table: rfqs,
    rule:
      (action: Action): Rule =>
      (v) =>
        rfqsFor(v, action),
  },
  contract: {
    table: contracts,
    rule:
      (action: Action): Rule =>
      (v) =>
        contractsFor(v, action),
  },
  indent: {
    table: indents,
    rule:
      (action: Action): Rule =>
      (v) =>
        indentsFor(v, action),
  },
  invoice: {
    table: invoices,
    rule:
      (action: Action): Rule =>
      (v) =>
        invoicesFor(v, action),
  },
} as const;
export type ObjectKind = keyof typeof RULES;

/** May this viewer take `action` on this one object (a socket follow, a check before a side effect)? */
export async function may(db: DbOrTx, viewer: Viewer, kind: ObjectKind, id: number, action: Action): Promise<boolean> {
  const { table, rule } = RULES[kind];
  const condition = rule(action)(viewer);
  if (!condition) {
    return false;
  }
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), condition))
    .limit(1);
  return rows.length > 0;
}

/**
 * The shipper's users who may take `action` on the object: whom a notification about it may go
 * to. Each user's own rule is evaluated on the row in one query (a column per user), so the
 * audience can never drift from what the user could open.
 */
export async function audience(db: DbOrTx, industryId: number, kind: ObjectKind, id: number, action: Action = 'read'): Promise<number[]> {
  const { table, rule } = RULES[kind];
  const viewers = (await shipperViewers(db, industryId)).flatMap((v) => {
    const condition = rule(action)(v);
    return condition ? [{ id: v.id, condition }] : [];
  });
  const admitted: number[] = [];
  for (let i = 0; i < viewers.length; i += 200) {
    const chunk = viewers.slice(i, i + 200);
    const columns = Object.fromEntries(chunk.map((v) => [`u${v.id}`, sql<boolean>`(${v.condition})`]));
    const [row] = await db.select(columns).from(table).where(eq(table.id, id));
    admitted.push(...chunk.filter((v) => row?.[`u${v.id}`] === true).map((v) => v.id));
  }
  return admitted;
}

/**
 * The live tracking rooms (lib/realtime, modules/tracking) a viewer may follow for one direction:
 * the shipper's whole board (`tracking:{industry}:{direction}`) for a user of the shipper holding
 * the direction's order list permission, or, for a staff user with plants or business units, the
 * board of each plant in scope (`…:plant:{id}`). Carriers follow orders one by one (`order:{id}`).
 */
export async function trackingRoomsFor(db: DbOrTx, viewer: Viewer, direction: Direction): Promise<string[]> {
  if (viewer.userType === 2 || !viewer.industryId || !holds(viewer, [ORDER_PERMISSIONS[direction].list])) {
    return [];
  }
  const board = `tracking:${viewer.industryId}:${direction}`;
  if (viewer.userType !== 4 || (!viewer.plantIds.length && !viewer.businessUnitIds.length)) {
    return [board];
  }
  const plantIds = viewer.plantIds.length ? sql`and id in ${viewer.plantIds}` : sql``;
  const units = viewer.businessUnitIds.length ? sql`and business_unit_id in ${viewer.businessUnitIds}` : sql``;
  const result = await db.execute(sql`select id from plants where industry_id = ${viewer.industryId} ${plantIds} ${units}`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => `${board}:plant:${r.id}`);
}

export * from './policy-contracts.ts';
export * from './policy-emissions.ts';
export * from './policy-invites.ts';
export * from './policy-money.ts';
export * from './policy-permissions.ts';
export * from './policy-pickers.ts';
export * from './policy-scorecard.ts';
