import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, statusSchema } from '@freightdesk/shared/schemas/common';
import { trackingDeviceInputSchema, trackingDeviceListQuerySchema } from '@freightdesk/shared/schemas/tracking-devices';
import type { DbOrTx } from '../../db/client.ts';
import { requireUser } from '../../lib/access.ts';
import { forbidden } from '../../lib/errors.ts';
import { registerOptionsRoute } from '../../repositories/common/options.ts';
import type { Action } from '../../lib/policy.ts';
import { devicesFor } from '../../lib/policy-devices.ts';
import { type DeviceReach, deviceOptionsSpec } from '../../repositories/tracking-devices.repository.ts';
import { announceRoutes } from './order-tracking.service.ts';
import {
  type DeviceOwner,
  findTrackingDevice,
  listTrackingDevices,
  registerTrackingDevice,
  reissueIdentifier,
  setTrackingDeviceStatus,
} from './tracking-devices.service.ts';
import * as T from '@freightdesk/shared/schemas/answers-tracking';

const statusBody = z.object({ status: statusSchema });
/** Who reaches devices for this action, once the policy's device rule admits some (else 403 naming what would admit it). */
function scopeOf(request: FastifyRequest, action: Action): DeviceReach {
  const viewer = requireUser(request);
  if (!devicesFor(viewer, action)) {
    throw forbidden(
      action === 'change' || action === 'attach'
        ? "You need the 'add-edit-delete' permission to register or change tracking devices."
        : "You need the 'list-outbound-order' or 'list-inbound-order' permission to see tracking devices.",
    );
  }
  return { viewer, action };
}

/** Whose a new device is: the user's carrier company, else the user's shipper. */
function ownerOf(request: FastifyRequest): DeviceOwner {
  const user = requireUser(request);
  if (user.userType === 2) {
    if (!user.carrierId) {
      throw forbidden();
    }
    return { carrierId: user.carrierId };
  }
  if (!user.industryId) {
    throw forbidden('Only a shipper or carrier account has tracking devices.');
  }
  return { industryId: user.industryId };
}

/**
 * A company's tracking devices (under `/api/tracking` for shippers, `/api/carrier/tracking` for
 * carriers): the list with each device's health, pairing a phone (its identifier and setup card,
 * answered once), a GPS unit by its typed identifier, a phone's identifier issued again, switching
 * off and on. Every call goes through the policy's device rule (lib/policy-devices.ts).
 */
export function deviceRoutes(userTypes: readonly (2 | 3 | 4)[], tags: string[]) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps.database;
    const config = { access: { userTypes } };
    const serverUrl = app.deps.config.tracking.publicUrl;
    const params = idParamSchema;
    const forget = (tx: DbOrTx, keys: string[]) => announceRoutes(tx, keys);
    registerOptionsRoute(app, {
      access: { userTypes },
      tag: tags[0] ?? 'tracking',
      url: '/devices/options',
      ...deviceOptionsSpec,
    });
    app.get(
      '/devices',
      { config, schema: { tags, querystring: trackingDeviceListQuerySchema, response: { 200: T.trackingDeviceListAnswer } } },
      async (request) => {
        const user = requireUser(request);
        return listTrackingDevices(
          db,
          scopeOf(request, 'list'),
          request.query,
          user.userType === 2 ? undefined : (user.industryId ?? undefined),
        );
      },
    );
    app.get('/devices/:id', { config, schema: { tags, params, response: { 200: T.trackingDeviceAnswer } } }, async (request) => ({
      data: await findTrackingDevice(db, scopeOf(request, 'read'), request.params.id),
    }));
    app.post(
      '/devices',
      { config, schema: { tags, body: trackingDeviceInputSchema, response: { 201: T.trackingDeviceCreatedAnswer } } },
      async (request, reply) => {
        scopeOf(request, 'change');
        // In a transaction: a retry with the same Idempotency-Key finds the first pairing, never makes a second.
        const made = await db.transaction((tx) =>
          registerTrackingDevice(tx, ownerOf(request), requireUser(request).id, request.body, serverUrl),
        );
        return reply.code(201).send({ data: made.device, ...(made.pairing ? { pairing: made.pairing } : {}) });
      },
    );
    app.post(
      '/devices/:id/identifier',
      { config, schema: { tags, params, response: { 200: T.devicePairingAnswer } } },
      async (request) => ({
        data: await reissueIdentifier(db, scopeOf(request, 'change'), request.params.id, serverUrl, forget),
      }),
    );
    app.post(
      '/devices/:id/status',
      { config, schema: { tags, params, body: statusBody, response: { 200: T.trackingDeviceAnswer } } },
      async (request) => ({
        data: await setTrackingDeviceStatus(db, scopeOf(request, 'change'), request.params.id, request.body.status),
      }),
    );
  };
}
