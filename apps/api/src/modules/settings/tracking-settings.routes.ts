import { trackingSettingsAnswer } from '@freightdesk/shared/schemas/answers-masters-account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { trackingSettingsInputSchema } from '@freightdesk/shared/schemas/tracking-settings';
import { industryOf, shipperActor } from '../../lib/access.ts';
import { expectedVersion } from '../../lib/version-check.ts';
import { getTrackingSettings, updateTrackingSettings } from './tracking-settings.service.ts';

/**
 * `/api/settings/tracking`: the shipper's halt, no-signal, public-link grace and phone-SIM ping
 * settings. Read with the settings' view permission (or the edit one), saved with the edit one,
 * like the bid position and payment settings.
 */
export async function trackingSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const retention = app.deps.config.trackingRetentionDays;
  const tags = ['settings'];
  app.get(
    '',
    { config: { access: { anyOf: ['bid-list', 'add-edit-delete'] } }, schema: { tags, response: { 200: trackingSettingsAnswer } } },
    async (request) => ({
      data: await getTrackingSettings(db, industryOf(request.user), retention),
    }),
  );
  app.put(
    '',
    {
      config: { access: { permission: 'add-edit-delete' } },
      schema: { tags, body: trackingSettingsInputSchema, response: { 200: trackingSettingsAnswer } },
    },
    async (request) => ({
      data: await updateTrackingSettings(db, shipperActor(request), request.body, expectedVersion(request), retention),
    }),
  );
}
