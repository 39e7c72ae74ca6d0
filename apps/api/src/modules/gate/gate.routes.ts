import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderAnswer } from '@freightdesk/shared/schemas/answers';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { gateInBodySchema, gateOutBodySchema, loadedBodySchema, unloadedBodySchema } from '@freightdesk/shared/schemas/execution';
import { gateBoardQuerySchema, gateOtherDaysQuerySchema } from '@freightdesk/shared/schemas/gate-board';
import { requireUser } from '../../lib/access.ts';
import { type Direction, ORDER_PERMISSIONS } from '../../lib/policy.ts';
import { gateBoard } from './gate-board.ts';
import { gateOtherDays } from './gate-search.ts';
import { gateIn, gateOut, weigh } from './gate.service.ts';
import { gateBoardAnswer, gateOtherDaysAnswer } from '@freightdesk/shared/schemas/answers-tracking';

const tags = ['gate'];

/**
 * `/api/gate/{outbound|inbound}`: the guard's board of one plant and one day, and
 * `…/other-days`: the vehicles of that plant due on a later day, by a search. The order list
 * permission of the direction, within the user's plants (the policy's plant rule).
 */
export function gateBoardRoutes(direction: Direction) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const config = { access: { permission: ORDER_PERMISSIONS[direction].list } };
    app.get('', { config, schema: { tags, querystring: gateBoardQuerySchema, response: { 200: gateBoardAnswer } } }, async (request) => ({
      data: await gateBoard(app.deps.database.db, requireUser(request), direction, request.query),
    }));
    // A vehicle due on a later day than the board's, by its number: paginated, in the same plant scope.
    app.get(
      '/other-days',
      { config, schema: { tags, querystring: gateOtherDaysQuerySchema, response: { 200: gateOtherDaysAnswer } } },
      async (request) => gateOtherDays(app.deps.database.db, requireUser(request), direction, request.query),
    );
  };
}

/**
 * `/api/orders/{dir}/:id/gate-in`, `…/loaded` (outbound) or `…/unloaded` (inbound), `…/gate-out`:
 * the gate's moves of one order, under the order list permission and the policy's change rule
 * (tenant, direction, the guard's plants). Each is idempotent with its key and safe when two
 * guards record the same vehicle at once.
 */
export function gateMoveRoutes(direction: Direction) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps.database;
    const config = { access: { permission: ORDER_PERMISSIONS[direction].list } };
    const params = idParamSchema;
    // Every gate move answers the order.
    const response = { 200: orderAnswer };
    const verify = { db, registers: app.deps.registers, log: app.log };
    app.post('/:id/gate-in', { config, schema: { tags, params, body: gateInBodySchema, response } }, async (request) => ({
      data: await gateIn(db, requireUser(request), direction, request.params.id, request.body, verify),
    }));
    if (direction === 1) {
      app.post('/:id/loaded', { config, schema: { tags, params, body: loadedBodySchema, response } }, async (request) => ({
        data: await weigh(db, requireUser(request), direction, request.params.id, request.body),
      }));
    } else {
      app.post('/:id/unloaded', { config, schema: { tags, params, body: unloadedBodySchema, response } }, async (request) => ({
        data: await weigh(db, requireUser(request), direction, request.params.id, request.body),
      }));
    }
    app.post('/:id/gate-out', { config, schema: { tags, params, body: gateOutBodySchema, response } }, async (request) => ({
      data: await gateOut(db, requireUser(request), direction, request.params.id, request.body),
    }));
  };
}
