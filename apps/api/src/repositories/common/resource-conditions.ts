import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@freightdesk/shared/schemas/common';
import type { DbOrTx } from '../../db/client.ts';
import type { ResourceSpec, TenantTable } from '../../lib/resource-spec.ts';
import { numberMatch, vehicleMatch } from './list-page.ts';
import { likePattern } from './pagination.ts';
import type { resourceRows, resourceSelect } from './resource-rows.ts';

export type Res = { id: number; status: string };

/** What the reads of one resource share: its spec, its table, its select and its row reads. */
export type Reads<Row extends Res, Input, Q extends ListQuery> = ReturnType<typeof resourceRows<Row, Input, Q>> & {
  spec: ResourceSpec<Row, Input, Q>;
  t: ResourceSpec<Row, Input, Q>['table'];
  base: ReturnType<typeof resourceSelect<Row, Input, Q>>;
};

/**
 * Do this query's search or sort read a joined table? Otherwise a page's ids and its count are
 * read without the joins: PostgreSQL drops unused left joins, but still plans as if the join
 * keys were needed, and then will not answer from the index alone. (Filters, scope and
 * restrictions are on the table itself.)
 */
export function readsJoins<Row extends Res, Input, Q extends ListQuery>(spec: ResourceSpec<Row, Input, Q>, q: ListQuery) {
  return (
    Boolean(spec.joins?.length) &&
    [...(q.search ? spec.search : []), spec.sorts[(q.sort ?? '').replace(/^-/, '')]].some((c) => c !== undefined && c.table !== spec.table)
  );
}

/** The tenant (and scope) condition every query carries. */
export function owned<Row extends Res, Input, Q extends ListQuery>(spec: ResourceSpec<Row, Input, Q>, industryId: number, id?: number) {
  const t = spec.table;
  return and(
    spec.global ? undefined : eq((t as TenantTable).industryId, industryId),
    spec.scope,
    id === undefined ? undefined : eq(t.id, id),
  );
}

export async function searchWhere<Row extends Res, Input, Q extends ListQuery>(
  spec: ResourceSpec<Row, Input, Q>,
  db: DbOrTx,
  industryId: number,
  search: string | undefined,
) {
  if (!search) {
    return undefined;
  }
  const refs = await Promise.all((spec.searchRefs ?? []).map((ref) => ref(db, industryId, search)));
  return or(
    ...spec.search.map((c) => ilike(c, likePattern(search))),
    ...(spec.numbers ?? []).map((c) => numberMatch(c, search)),
    ...(spec.vehicles ?? []).map((c) => vehicleMatch(c, search)),
    ...refs,
  );
}

export async function listWhere<Row extends Res, Input, Q extends ListQuery>(
  spec: ResourceSpec<Row, Input, Q>,
  db: DbOrTx,
  industryId: number,
  q: Q,
  restrict?: SQL,
) {
  return and(owned(spec, industryId), restrict, await searchWhere(spec, db, industryId, q.search), ...(spec.filters?.(q) ?? []));
}
