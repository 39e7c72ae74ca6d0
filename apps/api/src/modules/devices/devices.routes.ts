import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceAnswer } from '@freightdesk/shared/schemas/answers-admin';
import { idParamSchema } from '@freightdesk/shared/schemas/common';
import {
  assignDeviceBodySchema,
  DEVICE_KIND_LABEL,
  DEVICE_STATE_LABEL,
  type Device,
  type DeviceState,
  deviceInputSchema,
  deviceListQuerySchema,
  deviceSchema,
} from '@freightdesk/shared/schemas/device';
import { masterAnswers } from '@freightdesk/shared/schemas/answers-masters';
import { fileAnswer } from '../../openapi/file-answers.ts';
import { industryOf, requireUser } from '../../lib/access.ts';
import { type ExportColumn, exportFormatSchema, sendExport } from '../../lib/export.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { ownDevices } from '../../repositories/devices.repository.ts';
import { deviceResource, moveDevice } from './devices.service.ts';

const DEVICE_EXPORT: ExportColumn<Device>[] = [
  { key: 'serial', label: 'Serial' },
  { key: 'kind', label: 'Kind', format: (v) => DEVICE_KIND_LABEL[v as keyof typeof DEVICE_KIND_LABEL] },
  { key: 'model', label: 'Model' },
  { key: 'simNumber', label: 'SIM' },
  { key: 'state', label: 'State', format: (v) => DEVICE_STATE_LABEL[v as DeviceState] },
  { key: 'industryName', label: 'Shipper' },
];

/** `/api/admin/devices`: inventory, assign to a shipper, receive back. */
export async function deviceAdminRoutes(fastify: FastifyInstance) {
  registerResourceRoutes(fastify, deviceResource, {
    tag: 'devices',
    admin: true,
    input: deviceInputSchema,
    answer: deviceSchema,
    listQuery: deviceListQuerySchema,
    deletable: false,
    statusRoute: false,
    exportColumns: DEVICE_EXPORT,
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [1] } } as const;
  app.post(
    '/:id/assign',
    { config, schema: { tags: ['devices'], params: idParamSchema, body: assignDeviceBodySchema, response: { 200: deviceAnswer } } },
    async (request) => ({
      data: await moveDevice(
        db,
        { id: requireUser(request).id, industryId: null },
        request.params.id,
        'assign',
        undefined,
        request.body.industryId,
      ),
    }),
  );
  const receive = { tags: ['devices'], params: idParamSchema, response: { 200: deviceAnswer } };
  app.post('/:id/receive', { config, schema: receive }, async (request) => ({
    data: await moveDevice(db, { id: requireUser(request).id, industryId: null }, request.params.id, 'receive', undefined),
  }));
}

/** `/api/devices`: a shipper's devices, and sending one back to the admin. */
export async function deviceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { userTypes: [3, 4] } } as const;
  const own = ownDevices;
  const answers = masterAnswers(deviceSchema);
  app.get(
    '',
    { config, schema: { tags: ['devices'], querystring: deviceListQuerySchema, response: { 200: answers.list } } },
    async (request) => deviceResource.list(db, 0, request.query, own(industryOf(request.user))),
  );
  app.get(
    '/export',
    {
      config: { ...config, fileAnswer: fileAnswer('The devices as CSV or XLSX (`format`)', 'csv', 'xlsx') },
      schema: { tags: ['devices'], querystring: deviceListQuerySchema.extend({ format: exportFormatSchema }) },
    },
    async (request, reply) =>
      sendExport(
        reply,
        request.query.format,
        'devices',
        await deviceResource.exportRows(db, 0, request.query, own(industryOf(request.user))),
        DEVICE_EXPORT,
      ),
  );
  // Lent devices belong to the plan-holding account: its owner (type 3) decides to return one.
  // Staff see the list (they fit devices on trucks) but cannot send one back.
  const owner = { access: { userTypes: [3] } } as const;
  const sendBack = { tags: ['devices'], params: idParamSchema, response: { 200: answers.one } };
  app.post('/:id/send-back', { config: owner, schema: sendBack }, async (request) => {
    const industryId = industryOf(request.user);
    return { data: await moveDevice(db, { id: requireUser(request).id, industryId }, request.params.id, 'send-back', own(industryId)) };
  });
}
