import type { FastifyInstance } from 'fastify';
import { registerOptionsRoute } from '../../repositories/common/options.ts';
import { carrierShipperOptions } from '../../repositories/carrier-company.repository.ts';

/**
 * `GET /api/carrier/shippers/options?search&ids`: the shippers the carrier works for (its links),
 * for the carrier portal's pickers (the invoice form's shipper). Offered: the active links of active
 * shippers; `ids` labels any of its links whatever their state. A carrier never sees another's.
 */
export async function carrierShipperRoutes(fastify: FastifyInstance) {
  registerOptionsRoute(fastify, carrierShipperOptions);
}
