import { and, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { optionRowSchema, optionsAnswer } from '@freightdesk/shared/schemas/answers-masters';
import { OPTIONS_LIMIT, type OptionRow, type OptionsQuery, optionsQuerySchema } from '@freightdesk/shared/schemas/options';
import type { DbOrTx } from '../../db/client.ts';
import { type Access, type AuthUser, requireUser } from '../../lib/access.ts';
import { likePattern } from './pagination.ts';
import { optionsAccess, type PickerMaster } from '../../lib/policy.ts';

/**
 * What a master answers to its picker: the columns, where its rows live, how they are found. A
 * shipper master names itself (`master`) and the policy's table says who may read it; platform data
 * (the admin's shippers) states its own rule (`access`).
 */
export type OptionsSpec = ({ master: PickerMaster } | { access: Exclude<Access, 'public' | 'authenticated'> }) & {
  /** OpenAPI tag. */
  tag: string;
  /** One answered row as a client reads it (the declared answer, issue 34); else id, label and scalars. */
  answer?: z.ZodType;
  /** Path under the module's prefix (default `/options`). */
  url?: string;
  table: PgTable;
  /** Tables joined to the master's (inner joins: the label needs them). */
  joins?: { table: PgTable; on: SQL }[];
  /** `id`, `label` and a few fields the picker shows beside the label; never the whole record. */
  columns: { id: PgColumn; label: PgColumn | SQL.Aliased<string> } & Record<string, PgColumn | SQL.Aliased>;
  /** The label as an expression, for ranking rows whose label starts with the search first. */
  label: PgColumn | SQL;
  /** The caller's rows: tenant, and the staff user's plants where the master has them. */
  scope: (user: AuthUser) => SQL | undefined;
  /** Rows a picker offers (active ones); chosen `ids` are labelled whatever their status. */
  offered: SQL;
  /** Columns the search text is matched in (ILIKE, contains). */
  search: (PgColumn | SQL)[];
  order: SQL[];
};

/** `{ data, more }` for one options query: at most OPTIONS_LIMIT rows, prefix matches first. */
export async function findOptions(db: DbOrTx, spec: OptionsSpec, user: AuthUser, q: OptionsQuery) {
  const search = q.search ?? '';
  const where = q.ids
    ? and(spec.scope(user), inArray(spec.columns.id, q.ids))
    : and(spec.scope(user), spec.offered, search ? or(...spec.search.map((c) => ilike(c, likePattern(search)))) : undefined);
  const prefixFirst = search ? [sql`(case when ${spec.label} ilike ${`${likePattern(search).slice(1)}`} then 0 else 1 end)`] : [];
  let query = db.select(spec.columns).from(spec.table).$dynamic();
  for (const j of spec.joins ?? []) {
    query = query.innerJoin(j.table, j.on);
  }
  const limit = q.ids ? q.ids.length : OPTIONS_LIMIT;
  const rows = (await query
    .where(where)
    .orderBy(...prefixFirst, ...spec.order)
    .limit(limit + 1)) as OptionRow[];
  return { data: rows.slice(0, limit), more: rows.length > limit };
}

/**
 * `GET …/options?search&ids` of one master: readable by whoever may open a form that picks from it
 * (the policy's table), searched on the server so a picker never needs the whole master.
 */
export function registerOptionsRoute(fastify: FastifyInstance, spec: OptionsSpec) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    spec.url ?? '/options',
    {
      config: { access: 'master' in spec ? optionsAccess(spec.master) : spec.access },
      schema: { tags: [spec.tag], querystring: optionsQuerySchema, response: { 200: optionsAnswer(spec.answer ?? optionRowSchema) } },
    },
    async (request) => findOptions(app.deps.database.db, spec, requireUser(request), request.query),
  );
}
