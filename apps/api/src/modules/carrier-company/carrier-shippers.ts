import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { industries, industryCarriers } from '../../db/schema/tenancy.ts';
import { registerOptionsRoute } from '../../lib/options.ts';

/**
 * `GET /api/carrier/shippers/options?search&ids`: the shippers the carrier works for (its links),
 * for the carrier portal's pickers (the invoice form's shipper). Offered: the active links of active
 * shippers; `ids` labels any of its links whatever their state. A carrier never sees another's.
 */
export async function carrierShipperRoutes(fastify: FastifyInstance) {
  registerOptionsRoute(fastify, {
    access: { userTypes: [2] },
    tag: 'carrier portal',
    table: industries,
    joins: [{ table: industryCarriers, on: eq(industryCarriers.industryId, industries.id) }],
    columns: { id: industries.id, label: industries.name, carrierLinkId: industryCarriers.id },
    label: industries.name,
    scope: (user) => sql`${industryCarriers.carrierId} = ${user.carrierId ?? 0}`,
    offered: and(eq(industryCarriers.status, 'active'), eq(industries.status, 'active')) ?? sql`true`,
    search: [industries.name],
    order: [asc(industries.name), asc(industries.id)],
  });
}
