import { STATUS_LABEL, type Status } from '@freightdesk/shared/schemas/common';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { plantInputSchema, plantListQuerySchema, slaBodySchema } from '@freightdesk/shared/schemas/plant';
import { plants } from '../../db/schema/plants.ts';
import { type AuthUser, industryOf, requireUser, shipperActor } from '../../lib/access.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { plantResource, setPlantSla } from './plants.service.ts';

/**
 * A staff user sees only what belongs to the plants (and business units) assigned; none assigned
 * means all. `plantId` is the column naming the row's plant (plants.id, requests.plant_id …).
 */
export type StaffScope = Pick<AuthUser, 'userType' | 'plantIds' | 'businessUnitIds'>;

export function staffPlantScope(user: StaffScope, plantId: PgColumn): SQL | undefined {
  if (user.userType !== 4) {
    return undefined;
  }
  return and(
    user.plantIds.length ? inArray(plantId, user.plantIds) : undefined,
    user.businessUnitIds.length
      ? inArray(plantId, sql`(select id from plants where business_unit_id in ${user.businessUnitIds})`)
      : undefined,
  );
}

export const plantRestriction = (user: AuthUser) => staffPlantScope(user, plants.id);

export async function plantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** Active plants for pickers and filters, as far as this user may see them. */
  app.get('/options', { config: { access: { userTypes: [3, 4] } }, schema: { tags: ['plants'] } }, async (request) => ({
    data: await app.deps.database.db
      .select({ id: plants.id, name: plants.name, code: plants.code })
      .from(plants)
      .where(and(eq(plants.industryId, industryOf(request.user)), eq(plants.status, 'active'), plantRestriction(requireUser(request))))
      .orderBy(asc(plants.name)),
  }));

  registerResourceRoutes(fastify, plantResource, {
    tag: 'plants',
    permissions: { list: 'list-plant', add: 'add-plant', edit: 'edit-plant' },
    input: plantInputSchema,
    listQuery: plantListQuerySchema,
    exportColumns: [
      { key: 'name', label: 'Plant name' },
      { key: 'code', label: 'Plant code' },
      { key: 'gstin', label: 'GSTIN' },
      { key: 'businessUnitName', label: 'Business unit' },
      { key: 'address', label: 'Address' },
      { key: 'city', label: 'City' },
      { key: 'state', label: 'State' },
      { key: 'pincode', label: 'PIN code' },
      { key: 'latitude', label: 'Latitude' },
      { key: 'longitude', label: 'Longitude' },
      { key: 'geofenceRadius', label: 'Geofence radius (m)' },
      { key: 'contactName', label: 'Contact name' },
      { key: 'contactMobile', label: 'Contact mobile' },
      { key: 'status', label: 'Status', format: (v) => STATUS_LABEL[v as Status] },
    ],
    restrict: plantRestriction,
  });

  app.put(
    '/:id/sla/:kind',
    {
      config: { access: { permission: 'list-terms-conditions' } },
      schema: { tags: ['plants'], params: idParamSchema.extend({ kind: z.enum(['sla', 'contract']) }), body: slaBodySchema },
    },
    async (request) => ({
      data: await setPlantSla(app.deps.database.db, shipperActor(request), request.params.id, request.params.kind, request.body.text),
    }),
  );
}
