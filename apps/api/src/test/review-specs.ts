import { and, eq, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import type { ListQuery } from '@freightdesk/shared/schemas/common';
import type { Db } from '../db/client.ts';
import type { AuthUser } from '../lib/access.ts';
import type { OptionsSpec } from '../repositories/common/options.ts';
import type { Viewer } from '../lib/policy-scope.ts';
import type { ResourceSpec, TenantTable } from '../lib/resource-spec.ts';

/**
 * The statements a repository's declarative specs make (a picker's options, a tenant resource's
 * rows), rendered for review as repositories/common/options.ts and repositories/common/resource-read.ts build them: the scope, the
 * columns and joins a repository states (issue 32).
 */

const qb = new QueryBuilder();

/** A viewer as the signed-in user the options route passes. */
export const userOf = (viewer: Viewer): AuthUser => ({
  ...viewer,
  sessionId: 1,
  name: 'Reviewer',
  email: 'reviewer@example.com',
  mobile: null,
  profilePicture: null,
  industryName: null,
  roleName: null,
});

/** A picker's first page without a search (repositories/common/options.ts findOptions): the viewer's offered rows. */
export function optionsStatement(spec: OptionsSpec, viewer: Viewer): SQL {
  let query = qb.select(spec.columns).from(spec.table).$dynamic();
  for (const j of spec.joins ?? []) {
    query = query.innerJoin(j.table, j.on);
  }
  return query
    .where(and(spec.scope(userOf(viewer)), spec.offered))
    .orderBy(...spec.order)
    .getSQL();
}

/** A resource's rows of a tenant (repositories/common/resource-read.ts), narrowed by a user's restriction. */
export function resourceStatement<Row extends { id: number; status: string }, Input, Q extends ListQuery>(
  spec: ResourceSpec<Row, Input, Q>,
  industryId: number,
  restrict?: SQL,
): SQL {
  let query = qb.select(spec.select).from(spec.table).$dynamic();
  for (const j of spec.joins ?? []) {
    query = query.leftJoin(j.table, j.on);
  }
  const tenant = spec.global ? undefined : eq((spec.table as TenantTable).industryId, industryId);
  return query.where(and(tenant, spec.scope, restrict)).getSQL();
}

/** A database that builds statements and runs none: a repository's query builders render against it. */
export const reviewDb: Db = drizzle.mock();
