import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Permission } from '@freightdesk/shared/permissions';
import { listQuerySchema, STATUS_LABEL, type Status } from '@freightdesk/shared/schemas/common';
import { type PartyKind, partyInputSchema, partyListQuerySchema } from '@freightdesk/shared/schemas/party';
import { parties, partyContacts } from '../../db/schema/parties.ts';
import { industryOf } from '../../lib/access.ts';
import { registerImportRoutes } from '../../lib/import-routes.ts';
import { likePattern, orderBy, pageWindow } from '../../lib/pagination.ts';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import { importParties, PARTY_IMPORT_COLUMNS } from './parties.import.ts';
import { clientResource, vendorResource } from './parties.service.ts';

const PERMISSIONS: Record<PartyKind, { list: Permission; add: Permission; edit: Permission }> = {
  client: { list: 'list-client', add: 'add-client', edit: 'edit-client' },
  vendor: { list: 'list-vendor', add: 'add-vendor', edit: 'edit-vendor' },
};

/** `/api/clients` or `/api/vendors`: the master routes plus import. */
export function partyRoutes(kind: PartyKind) {
  return async (fastify: FastifyInstance) => {
    const permissions = PERMISSIONS[kind];
    registerResourceRoutes(fastify, kind === 'client' ? clientResource : vendorResource, {
      tag: `${kind}s`,
      permissions,
      input: partyInputSchema,
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
      run: (actor, body) => importParties(fastify.deps.database.db, kind, actor, body),
    });
  };
}

/** `/api/client-contacts`: the people at the shipper's clients. */
export async function clientContactRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    { config: { access: { permission: 'list-client' } }, schema: { tags: ['clients'], querystring: listQuerySchema } },
    async (request) => {
      const q = request.query;
      const where = and(
        eq(parties.industryId, industryOf(request.user)),
        eq(parties.kind, 'client'),
        q.search
          ? or(
              ...[partyContacts.name, partyContacts.mobile, partyContacts.email, parties.company].map((c) =>
                ilike(c, likePattern(q.search ?? '')),
              ),
            )
          : undefined,
      );
      const { db } = app.deps.database;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: partyContacts.id,
            clientId: parties.id,
            company: parties.company,
            name: partyContacts.name,
            designation: partyContacts.designation,
            mobile: partyContacts.mobile,
            email: partyContacts.email,
          })
          .from(partyContacts)
          .innerJoin(parties, eq(parties.id, partyContacts.partyId))
          .where(where)
          .orderBy(...orderBy(q.sort, { name: partyContacts.name, company: parties.company }, sql`${partyContacts.id}`))
          .limit(pageWindow(q).limit)
          .offset(pageWindow(q).offset),
        db.select({ n: count() }).from(partyContacts).innerJoin(parties, eq(parties.id, partyContacts.partyId)).where(where),
      ]);
      return { data: rows, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
    },
  );
}
