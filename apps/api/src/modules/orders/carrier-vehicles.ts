import { and, desc, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CARRIER_VEHICLES_LIMIT, type CarrierVehicle, carrierVehiclesQuerySchema } from '@freightdesk/shared/schemas/carrier-vehicles';
import { ACTIVE_ORDER_STATUSES } from '@freightdesk/shared/status/order';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { requireUser } from '../../lib/access.ts';
import { vehicleMatch } from '../../lib/list-page.ts';
import { ordersFor, type Viewer } from '../../lib/policy.ts';
import { reused } from '../../lib/prepared.ts';
import { isoFromTimestamptz } from '../../lib/rows.ts';

/**
 * How many of the carrier's latest orders its vehicles are read from: a fleet's trucks all turn up
 * within a few weeks of loads, and a dispatcher types a truck not seen since. A bound, so a carrier
 * with a hundred thousand orders costs what one with a thousand does (the newest from
 * `orders_by_carrier`).
 */
export const RECENT_ORDERS = 2000;

const ON_THE_ROAD = new Set<string>(ACTIVE_ORDER_STATUSES);

/**
 * The vehicles on the carrier's latest orders (under the policy's carrier rule: the orders it may
 * read), each once with the driver and the order it was last on, the most recently used first;
 * `search` matches a part of the number as stored (MH12AB1234).
 */
export async function carrierVehicles(db: DbOrTx, viewer: Viewer, search?: string): Promise<{ data: CarrierVehicle[]; more: boolean }> {
  const rule = ordersFor(viewer, 'read');
  if (!rule) {
    return { data: [], more: false };
  }
  const o = orders;
  const recent = db
    .select({
      id: o.id,
      vehicleNumber: o.vehicleNumber,
      driverName: o.driverName,
      driverMobile: o.driverMobile,
      number: o.number,
      status: o.status,
      pickupAt: o.pickupAt,
    })
    .from(o)
    .where(and(rule, isNotNull(o.vehicleNumber)))
    .orderBy(desc(o.id))
    .limit(RECENT_ORDERS)
    .as('recent');
  const rows = await reused(
    db
      .selectDistinctOn([recent.vehicleNumber], {
        id: recent.id,
        vehicleNumber: recent.vehicleNumber,
        driverName: recent.driverName,
        driverMobile: recent.driverMobile,
        number: recent.number,
        status: recent.status,
        pickupAt: recent.pickupAt,
      })
      .from(recent)
      .where(search ? vehicleMatch(recent.vehicleNumber, search) : undefined)
      .orderBy(recent.vehicleNumber, desc(recent.id)),
  );
  const latest = rows.sort((a, b) => b.id - a.id);
  return {
    data: latest.slice(0, CARRIER_VEHICLES_LIMIT).map((r) => ({
      vehicleNumber: r.vehicleNumber as string,
      driverName: r.driverName,
      driverMobile: r.driverMobile,
      lastOrderNumber: r.number,
      lastPickupAt: r.pickupAt instanceof Date ? r.pickupAt.toISOString() : isoFromTimestamptz(String(r.pickupAt)),
      onTheRoad: ON_THE_ROAD.has(r.status),
    })),
    more: latest.length > CARRIER_VEHICLES_LIMIT,
  };
}

/** `GET /api/carrier/vehicles`: the carrier's own vehicles for its portal's vehicle pickers. */
export async function carrierVehicleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  app.get(
    '/',
    { config: { access: { userTypes: [2] } }, schema: { tags: ['carrier portal'], querystring: carrierVehiclesQuerySchema } },
    async (request) => carrierVehicles(db, requireUser(request), request.query.search),
  );
}
