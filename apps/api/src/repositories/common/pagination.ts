import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@freightdesk/shared/schemas/common';
import { badRequest } from '../../lib/errors.ts';

/** Turns `sort=name` / `sort=-name` into an ORDER BY, refusing fields the list does not offer. */
export function orderBy(sort: string | undefined, columns: Record<string, PgColumn>, fallback: SQL): SQL[] {
  if (!sort) {
    return [fallback];
  }
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  const column = columns[field];
  if (!column) {
    throw badRequest('sort', `sort must be one of: ${Object.keys(columns).join(', ')}`);
  }
  return [descending ? desc(column) : asc(column), fallback];
}

export function pageWindow(q: Pick<ListQuery, 'page' | 'pageSize'>) {
  return { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
}

/** Escapes LIKE wildcards in user search text. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
