import { carrierVehiclesAnswer } from '@freightdesk/shared/schemas/answers-masters-account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CARRIER_VEHICLES_LIMIT, type CarrierVehicle, carrierVehiclesQuerySchema } from '@freightdesk/shared/schemas/carrier-vehicles';
import { ACTIVE_ORDER_STATUSES } from '@freightdesk/shared/status/order';
import type { DbOrTx } from '../../db/client.ts';
import { requireUser } from '../../lib/access.ts';
import type { Viewer } from '../../lib/policy.ts';
import { isoFromTimestamptz } from '../../repositories/common/rows.ts';
import { recentVehicles } from '../../repositories/carrier-vehicles.repository.ts';
import { type RegisterCheckRow, registerChecksOf } from '../../repositories/register-checks.repository.ts';
import { indiaToday } from '../../lib/india-time.ts';
import { vehiclePapers } from '../verification/papers.ts';

const ON_THE_ROAD = new Set<string>(ACTIVE_ORDER_STATUSES);

const papersOf = (row: RegisterCheckRow | undefined, today: string) => (row ? vehiclePapers(row, today) : null);

/**
 * The vehicles on the carrier's latest orders (under the policy's carrier rule: the orders it may
 * read), each once with the driver and the order it was last on, the most recently used first;
 * `search` matches a part of the number as stored (MH12AB1234).
 */
export async function carrierVehicles(db: DbOrTx, viewer: Viewer, search?: string): Promise<{ data: CarrierVehicle[]; more: boolean }> {
  const rows = await recentVehicles(db, viewer, search);
  if (!rows) {
    return { data: [], more: false };
  }
  const latest = rows.sort((a, b) => b.id - a.id).slice(0, CARRIER_VEHICLES_LIMIT + 1);
  const shown = latest.slice(0, CARRIER_VEHICLES_LIMIT);
  const checks = await registerChecksOf(
    db,
    'vehicle',
    shown.map((r) => r.vehicleNumber as string),
  );
  const today = indiaToday();
  return {
    data: shown.map((r) => ({
      vehicleNumber: r.vehicleNumber as string,
      driverName: r.driverName,
      driverMobile: r.driverMobile,
      lastOrderNumber: r.number,
      lastPickupAt: r.pickupAt instanceof Date ? r.pickupAt.toISOString() : isoFromTimestamptz(String(r.pickupAt)),
      onTheRoad: ON_THE_ROAD.has(r.status),
      papers: papersOf(checks.get(r.vehicleNumber as string), today),
    })),
    more: latest.length > CARRIER_VEHICLES_LIMIT,
  };
}

/** `GET /api/carrier/vehicles`: the carrier's own vehicles for its portal's vehicle pickers. */
export async function carrierVehicleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  app.get(
    '',
    {
      config: { access: { userTypes: [2] } },
      schema: { tags: ['carrier portal'], querystring: carrierVehiclesQuerySchema, response: { 200: carrierVehiclesAnswer } },
    },
    async (request) => carrierVehicles(db, requireUser(request), request.query.search),
  );
}
