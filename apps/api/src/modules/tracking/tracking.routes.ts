import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import { boardQuerySchema, trackingChoiceSchema, trackPlacesQuerySchema } from '@freightdesk/shared/schemas/tracking';
import { createTrackingLinkSchema } from '@freightdesk/shared/schemas/tracking-links';
import { linkBaseUrl } from '../../config.ts';
import { trackingSettingsFor } from '../settings/tracking-settings.service.ts';
import { industryOf, requireUser } from '../../lib/access.ts';
import { forbidden } from '../../lib/errors.ts';
import { type Action, type Direction, ORDER_PERMISSIONS, ordersFor, permissionNeeded } from '../../lib/policy.ts';
import { type OrderReach, orderScope } from '../../repositories/tracking-trips.repository.ts';
import { activeVehicles, trackingBoard } from './boards.service.ts';
import { createLink, listLinks, revokeLink } from './links.service.ts';
import { orderTrackingOf, setOrderTracking } from './order-tracking.service.ts';
import { askProviderNow, orderRail, orderSim, orderTolls } from './providers/provider-views.ts';
import { orderSchedule, orderTrack, trackPlaces } from './track.service.ts';
import { orderTrackAnswer } from '@freightdesk/shared/schemas/answers';
import { dirWord } from '../../openapi/names.ts';
import * as T from '@freightdesk/shared/schemas/answers-tracking';

const linkParamSchema = z.object({
  id: idParamSchema.shape.id,
  linkId: idParamSchema.shape.id,
});

/**
 * Who reaches an order through this route: the user, the action and the direction; the
 * repositories apply the policy's order rule for it (nothing when it admits nothing: the route's
 * permission already spoke).
 */
const scopeOf = (request: FastifyRequest, action: Extract<Action, 'read' | 'change'>, direction?: Direction): OrderReach => ({
  viewer: requireUser(request),
  action,
  direction,
});

/**
 * `/api/tracking/{outbound|inbound}`: one direction's tracking for the shipper — the board, an
 * order's track, places and schedule, its tracking method, and its public links. Every read goes
 * through the policy's order rule (tenant, direction, staff plants), so another shipper's order is
 * a 404 and its positions never show.
 */
export function trackingRoutes(direction: Direction) {
  return async (fastify: FastifyInstance) => {
    orderTrackRoutes(fastify, direction);
    orderMethodRoutes(fastify, direction);
    orderLinkRoutes(fastify, direction);
  };
}

/** The board, an order's track, places, schedule, and its providers' reads. */
function orderTrackRoutes(fastify: FastifyInstance, direction: Direction) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { permission: ORDER_PERMISSIONS[direction].list } };
  const tags = ['tracking'];
  const params = idParamSchema;
  app.get(
    '/board',
    { config, schema: { tags, querystring: boardQuerySchema, response: { 200: T.trackingBoardAnswer } } },
    async (request) => trackingBoard(db, scopeOf(request, 'read', direction), request.query),
  );
  app.get(
    '/orders/:id',
    {
      config,
      schema: {
        tags,
        summary: `Read an ${dirWord(direction)} order's track: last position, trail, stops, ETA`,
        params,
        response: { 200: orderTrackAnswer },
      },
    },
    async (request) => ({
      data: await orderTrack(db, request.params.id, scopeOf(request, 'read', direction)),
    }),
  );
  app.get(
    '/orders/:id/places',
    { config, schema: { tags, params, querystring: trackPlacesQuerySchema, response: { 200: T.trackPlaceListAnswer } } },
    async (request) => trackPlaces(db, request.params.id, scopeOf(request, 'read', direction), request.query),
  );
  app.get('/orders/:id/schedule', { config, schema: { tags, params, response: { 200: T.orderScheduleAnswer } } }, async (request) => ({
    data: await orderSchedule(db, request.params.id, scopeOf(request, 'read', direction)),
  }));
  app.get('/orders/:id/tolls', { config, schema: { tags, params, response: { 200: T.orderTollsAnswer } } }, async (request) => ({
    data: await orderTolls(db, request.params.id, scopeOf(request, 'read', direction)),
  }));
  app.get('/orders/:id/rail', { config, schema: { tags, params, response: { 200: T.orderRailAnswer } } }, async (request) => ({
    data: await orderRail(db, request.params.id, scopeOf(request, 'read', direction)),
  }));
  app.get('/orders/:id/sim', { config, schema: { tags, params, response: { 200: T.orderSimAnswer } } }, async (request) => ({
    data: await orderSim(
      db,
      request.params.id,
      scopeOf(request, 'read', direction),
      (await trackingSettingsFor(db, industryOf(requireUser(request)))).simPingMinutes,
    ),
  }));
}

/** Asking a provider now, and setting the order's tracking method. */
function orderMethodRoutes(fastify: FastifyInstance, direction: Direction) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { permission: ORDER_PERMISSIONS[direction].list } };
  const tags = ['tracking'];
  const params = idParamSchema;
  app.post('/orders/:id/ask', { config, schema: { tags, params, response: { 202: T.askProviderAnswer } } }, async (request, reply) =>
    reply.code(202).send({ data: await askProviderNow(db, request.params.id, scopeOf(request, 'change', direction)) }),
  );
  app.put(
    '/orders/:id/method',
    { config, schema: { tags, params, body: trackingChoiceSchema, response: { 200: T.orderTrackingAnswer } } },
    async (request) => {
      const user = requireUser(request);
      const data = await setOrderTracking(
        db,
        { id: user.id, industryId: industryOf(user) },
        request.params.id,
        request.body,
        orderScope(scopeOf(request, 'change', direction)),
      );
      return { data };
    },
  );
}

/** The order's public links: listed, made, revoked. */
function orderLinkRoutes(fastify: FastifyInstance, direction: Direction) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { permission: ORDER_PERMISSIONS[direction].list } };
  const tags = ['tracking'];
  const params = idParamSchema;
  app.get('/orders/:id/links', { config, schema: { tags, params, response: { 200: T.trackingLinkListAnswer } } }, async (request) => ({
    data: await listLinks(db, request.params.id, scopeOf(request, 'read', direction)),
  }));
  app.post(
    '/orders/:id/links',
    { config, schema: { tags, params, body: createTrackingLinkSchema, response: { 201: T.trackingLinkAnswer } } },
    async (request, reply) => {
      const base = linkBaseUrl(app.deps.config);
      const data = await createLink(
        db,
        request.params.id,
        scopeOf(request, 'change', direction),
        requireUser(request).id,
        request.body.kind,
        base,
      );
      return reply.code(201).send({ data });
    },
  );
  app.post(
    '/orders/:id/links/:linkId/revoke',
    { config, schema: { tags, params: linkParamSchema, response: { 200: T.trackingLinkAnswer } } },
    async (request) => ({
      data: await revokeLink(db, request.params.id, request.params.linkId, scopeOf(request, 'change', direction), requireUser(request).id),
    }),
  );
}

/** `/api/tracking`: the all-in-one map (the shipper's devices: tracking-devices.routes.ts). */
export async function trackingShipperRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [3, 4] } } as const;
  const tags = ['tracking'];
  app.get('/map', { config, schema: { tags, response: { 200: T.trackingMapAnswer } } }, async (request) => {
    const viewer = requireUser(request);
    if (!ordersFor(viewer, 'read')) {
      throw forbidden(permissionNeeded('order', 'read'));
    }
    return { data: await activeVehicles(db, { viewer, action: 'read' }) };
  });
}

/**
 * `/api/carrier/tracking`: its orders' tracking: the method it picks (also when assigning the
 * vehicle) and the order's track. Orders addressed to its company only. (Its devices:
 * tracking-devices.routes.ts.)
 */
export async function carrierTrackingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [2] } } as const;
  const tags = ['carrier portal'];
  const owner = (request: FastifyRequest) => {
    const user = requireUser(request);
    if (!user.carrierId) {
      throw forbidden();
    }
    return { carrierId: user.carrierId };
  };
  app.get(
    '/orders/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: T.carrierOrderTrackAnswer } } },
    async (request) => ({
      data: await orderTrack(db, request.params.id, scopeOf(request, 'read')),
    }),
  );
  app.get(
    '/orders/:id/method',
    { config, schema: { tags, params: idParamSchema, response: { 200: T.orderTrackingOrNoneAnswer } } },
    async (request) => {
      await orderTrack(db, request.params.id, scopeOf(request, 'read'));
      return { data: await orderTrackingOf(db, request.params.id) };
    },
  );
  app.put(
    '/orders/:id/method',
    { config, schema: { tags, params: idParamSchema, body: trackingChoiceSchema, response: { 200: T.orderTrackingAnswer } } },
    async (request) => {
      const user = requireUser(request);
      const data = await setOrderTracking(
        db,
        { id: user.id, carrierId: owner(request).carrierId },
        request.params.id,
        request.body,
        orderScope(scopeOf(request, 'change')),
      );
      return { data };
    },
  );
}
