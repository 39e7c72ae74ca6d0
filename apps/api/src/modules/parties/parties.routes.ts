import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Permission } from '@freightdesk/shared/permissions';
import { listQuerySchema, STATUS_LABEL, type Status } from '@freightdesk/shared/schemas/common';
import { importedAnswers, masterAnswers } from '@freightdesk/shared/schemas/answers-masters';
import {
  clientContactSchema,
  type PartyKind,
  partyInputSchema,
  partyListQuerySchema,
  partySchema,
} from '@freightdesk/shared/schemas/party';
import { industryOf } from '../../lib/access.ts';
import { exportFormatSchema, sendExport } from '../../lib/export.ts';
import { fileAnswer } from '../../openapi/file-answers.ts';
import { registerImportRoutes } from '../../lib/import-routes.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { registerOptionsRoute } from '../../repositories/common/options.ts';
import { importParties, PARTY_IMPORT_COLUMNS } from './parties.import.ts';
import { addressOptions, clientResource, vendorResource } from '../../repositories/parties.repository.ts';
import { clientContactExportRows, clientContactPage } from '../../repositories/party-contacts.repository.ts';

const PERMISSIONS: Record<PartyKind, { list: Permission; add: Permission; edit: Permission }> = {
  client: { list: 'list-client', add: 'add-client', edit: 'edit-client' },
  vendor: { list: 'list-vendor', add: 'add-vendor', edit: 'edit-vendor' },
};

/** `/api/clients` or `/api/vendors`: the master routes plus import. */
export function partyRoutes(kind: PartyKind) {
  return async (fastify: FastifyInstance) => {
    const permissions = PERMISSIONS[kind];
    registerOptionsRoute(fastify, addressOptions(kind));
    registerResourceRoutes(fastify, kind === 'client' ? clientResource : vendorResource, {
      tag: `${kind}s`,
      permissions,
      input: partyInputSchema,
      answer: partySchema,
      listQuery: partyListQuerySchema,
      exportColumns: [
        { key: 'company', label: 'Company name' },
        { key: 'gstin', label: 'GSTIN' },
        { key: 'contactName', label: 'Contact person' },
        { key: 'mobile', label: 'Mobile' },
        { key: 'email', label: 'Email' },
        {
          key: 'addresses',
          label: 'Addresses',
          format: (v) => (v as { label: string; city: string }[]).map((a) => `${a.label} (${a.city})`).join('; '),
        },
        { key: 'status', label: 'Status', format: (v) => STATUS_LABEL[v as Status] },
      ],
    });
    registerImportRoutes(fastify, {
      tag: `${kind}s`,
      name: `${kind}s`,
      permission: permissions.add,
      columns: PARTY_IMPORT_COLUMNS,
      answer: importedAnswers.parties,
      run: (actor, body) => importParties(fastify.deps.database.db, kind, actor, body),
    });
  };
}

/** `/api/client-contacts`: the people at the shipper's clients, listed and exported. */
export async function clientContactRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const config = { access: { permission: 'list-client' } } as const;
  const tags = ['clients'];
  app.get(
    '',
    { config, schema: { tags, querystring: listQuerySchema, response: { 200: masterAnswers(clientContactSchema).list } } },
    async (request) => {
      return clientContactPage(db, industryOf(request.user), request.query);
    },
  );

  app.get(
    '/export',
    {
      config: { ...config, fileAnswer: fileAnswer('The contacts as CSV or XLSX (`format`)', 'csv', 'xlsx') },
      schema: { tags, querystring: listQuerySchema.extend({ format: exportFormatSchema }) },
    },
    async (request, reply) =>
      sendExport(
        reply,
        request.query.format,
        'client-contacts',
        await clientContactExportRows(db, industryOf(request.user), request.query),
        [
          { key: 'name', label: 'Name' },
          { key: 'company', label: 'Client' },
          { key: 'designation', label: 'Designation' },
          { key: 'mobile', label: 'Mobile' },
          { key: 'email', label: 'Email' },
        ],
      ),
  );
}
