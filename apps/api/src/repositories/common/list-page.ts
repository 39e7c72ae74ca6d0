import { asc, desc, inArray, type SQL, type SQLWrapper, type Subquery, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { LIST_COUNT_CAP } from '@freightdesk/shared/constants';
import { VEHICLE_NUMBER_MAX_LENGTH } from '@freightdesk/shared/validation/india';
import type { ListQuery, ListResponse } from '@freightdesk/shared/schemas/common';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { likePattern, pageWindow } from './pagination.ts';
import { perDatabase } from '../../lib/per-database.ts';

/**
 * The shared list machinery (issue 15): a page is found by its ids first, read from the index of
 * the filter and sort alone (the tenant, the filter, the sort column, then the id), and only those
 * rows are then joined and read; the total is counted only when the page cannot tell it, and then
 * only up to LIST_COUNT_CAP (`totalCapped`: there are more, the UI shows "10,000+").
 */

export { LIST_COUNT_CAP };

/** `sort=name` / `sort=-name` as an ORDER BY with the id breaking ties in the same direction (an index can serve both). */
export function listOrder(sort: string | undefined, columns: Record<string, PgColumn | SQL>, id: PgColumn): SQL[] {
  if (!sort) {
    return [desc(id)];
  }
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  const column = columns[field];
  if (!column) {
    throw badRequest('sort', `sort must be one of: ${Object.keys(columns).join(', ')}`);
  }
  return sortedBy(column, id, descending);
}

/** ORDER BY a column, the id breaking ties in the same direction; by the id alone when the column is the id. */
export function sortedBy(column: PgColumn | SQL, id: PgColumn, descending: boolean): SQL[] {
  const dir = descending ? desc : asc;
  return column === id ? [dir(id)] : [dir(column), dir(id)];
}

export type PageTotal = { total: number; totalCapped?: boolean };

/**
 * The total of a list whose page (fetched with one row more than the page size, `found` rows)
 * starts at `offset`. A page that is not full tells the total itself. A full one with more after
 * it counts the matches up to the cap (`count(limit)` counts at most `limit` rows); beyond the cap
 * nothing is counted: the rows up to this page exist, and at least one more. An empty page past
 * the end (an old link) counts as far as it starts, so the UI can move to the real last page.
 */
export async function pageTotal(
  offset: number,
  pageSize: number,
  found: number,
  count: (limit: number) => Promise<number>,
  opts: { cap?: number; key?: PassedKey } = {},
): Promise<PageTotal> {
  const cap = opts.cap ?? LIST_COUNT_CAP;
  if (found <= pageSize && (found > 0 || offset === 0)) {
    return { total: offset + found };
  }
  if (found > pageSize && offset + pageSize >= cap) {
    return { total: offset + pageSize, totalCapped: true };
  }
  const most = Math.max(cap, offset);
  if (found > 0 && opts.key && passedCap(opts.key)) {
    return { total: cap, totalCapped: true };
  }
  const n = await count(most + 1);
  if (n > cap && found > 0 && opts.key) {
    rememberPassed(opts.key);
  }
  return n > most ? { total: most, totalCapped: true } : { total: n };
}

/**
 * Should a page starting at `offset` be read with its count? Only when `pageTotal` may count it: a
 * page below the cap of a list not known to pass it. (A page that turns out not full needed none:
 * its list is small, and so was the count.)
 */
export function countsAlong(offset: number, pageSize: number, key: PassedKey): boolean {
  return offset + pageSize < LIST_COUNT_CAP && !passedCap(key);
}

/**
 * Lists (by their filters, scope and tenant) that passed the cap lately, until when. Counting up
 * to the cap reads 10,000 index entries, the most a list's call costs; the answer "10,000+" of a
 * big list changes only when it drops below the cap, so it is kept a few seconds in each API
 * process (exact totals are always counted). Bounded: the oldest go first. Kept per database: the
 * same list's text on another database (another app in the process, a test file's own) is another
 * list.
 */
export type PassedKey = { db: object; list: string };
const passedBy = perDatabase((_db: object) => new Map<string, number>());
export const PASSED_CAP_FOR_MS = 5_000;
const PASSED_CAP_MAX = 2_000;

function passedCap({ db, list: key }: PassedKey): boolean {
  const passed = passedBy.of(db);
  const until = passed.get(key);
  if (until === undefined) {
    return false;
  }
  if (until < Date.now()) {
    passed.delete(key);
    return false;
  }
  return true;
}

function rememberPassed({ db, list: key }: PassedKey): void {
  const passed = passedBy.of(db);
  passed.delete(key);
  passed.set(key, Date.now() + PASSED_CAP_FOR_MS);
  if (passed.size > PASSED_CAP_MAX) {
    const oldest = passed.keys().next().value;
    if (oldest !== undefined) {
      passed.delete(oldest);
    }
  }
}

/**
 * A page's LIMIT or OFFSET written into a named statement's text rather than sent as a parameter.
 * With a parameter there, PostgreSQL prices a reusable (generic) plan as if a tenth of the matches
 * were read, so it planned the statement again on every call (custom plans, at a cost of 1–2 ms a
 * call on PGlite); written in, the plan is kept after five calls. The count is the server's own
 * (a page size of 25/50/100 plus one, a page's offset, the count cap), never the caller's text.
 * Typed as Drizzle's `limit` / `offset` take it: an SQL chunk there is written as it is.
 */
export function rowCountInText(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new Error(`A row count must be a whole number of rows, not ${n}`);
  }
  return sql.raw(String(n)) as unknown as number;
}

/**
 * The pages an offset may skip and still be written into the statement: the first pages, and a
 * page read from a cursor (the next one skips a page, a slot jump a few). A deeper offset, a link
 * straight to page 2000, stays a parameter (planned for each call, as before), so links to
 * arbitrary pages never add statements: each would be a statement a pooled connection keeps.
 */
export const OFFSET_PAGES_IN_TEXT = 5;

/** A page's OFFSET: written in (`rowCountInText`) up to OFFSET_PAGES_IN_TEXT pages, else a parameter. */
export function offsetInText(offset: number, pageSize: number): number {
  return offset <= OFFSET_PAGES_IN_TEXT * pageSize ? rowCountInText(offset) : offset;
}

/** The ids of one page (plus one, to tell whether more follow), in the list's order. */
export function pageIds(q: Pick<ListQuery, 'page' | 'pageSize'>) {
  const { limit, offset } = pageWindow(q);
  return { limit: limit + 1, offset };
}

/** The page's rows in the order of their ids (a read by id answers in any order). */
export function inIdOrder<R extends { id: number }>(ids: number[], rows: R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** The most ids a name search resolves to before it matches through a subquery instead. */
export const MAX_RESOLVED_IDS = 1000;

/**
 * A search on a name in another table (a carrier, a plant, a request number) as a condition on
 * this table's reference column: the few matching ids are looked up first, so the list's own
 * query filters on an indexed id list rather than joining and scanning the other table for each
 * row. Many matches (more than MAX_RESOLVED_IDS) fall back to `column in (subquery)`.
 */
export async function matchingIds(column: PgColumn, find: (limit: number) => Promise<{ id: number }[]>, all: SQLWrapper): Promise<SQL> {
  const rows = await find(MAX_RESOLVED_IDS + 1);
  if (rows.length > MAX_RESOLVED_IDS) {
    return inArray(column, all as SQL);
  }
  return rows.length ? inArray(column, [...new Set(rows.map((r) => r.id))]) : sql`false`;
}

/** Does the search look like the start of a human number (ORD-2026-0001…, OB-2026-…)? */
const NUMBER_START = /^[a-z]{1,8}-\d/i;

/**
 * A number column (ORD-2026-000123, a vehicle number) containing the search, case aside. Numbers
 * are upper case: a search that starts as a number does is matched by prefix, which the
 * `(tenant, number text_pattern_ops)` index answers at once (such a text can only sit at the start
 * of a number); any other part goes through the column's pg_trgm index.
 */
export function numberMatch(column: PgColumn, search: string): SQL {
  const text = search.trim().toUpperCase();
  if (NUMBER_START.test(text) && /^[\x20-\x7e]+$/.test(text)) {
    // The prefix as a range in byte order (the text_pattern_ops operators): unlike LIKE with a
    // parameter, a range keeps the index when PostgreSQL reuses one plan for every search.
    const next = `${text.slice(0, -1)}${String.fromCharCode(text.charCodeAt(text.length - 1) + 1)}`;
    return sql`(${column} ~>=~ ${text} and ${column} ~<~ ${next})`;
  }
  return sql`${column} ilike ${likePattern(search.trim())}`;
}

/**
 * A vehicle number column containing the search. Vehicle numbers are stored as the schema writes
 * them (MH12AB1234: upper case, no spaces or dashes), so the search is written the same way
 * first; one that cannot be part of a vehicle number (other characters, or longer than any: a
 * whole order number) matches none without reading the index. A long text's trigrams cost the
 * most to look up: a whole order number's took a number search from 1 to 2.3 ms of database time.
 */
export function vehicleMatch(column: PgColumn, search: string): SQL {
  const text = search.toUpperCase().replace(/[\s-]/g, '');
  return /^[A-Z0-9]+$/.test(text) && text.length <= VEHICLE_NUMBER_MAX_LENGTH ? sql`${column} like ${`%${text}%`}` : sql`false`;
}

/**
 * A page of a list written by hand, on the same rules as every resource list: `rows(limit, offset)`
 * answers up to `limit` rows (one more than the page, to tell whether more follow), and `count`
 * counts the matches up to a limit (`countUpTo`) when the page cannot tell the total.
 */
export async function cappedPage<R>(
  q: Pick<ListQuery, 'page' | 'pageSize'>,
  rows: (limit: number, offset: number) => Promise<R[]>,
  count: (limit: number) => Promise<number>,
): Promise<ListResponse<R>> {
  const { limit, offset } = pageIds(q);
  const found = await rows(limit, offset);
  const totals = await pageTotal(offset, q.pageSize, found.length, count);
  return { data: found.slice(0, q.pageSize), ...totals, page: q.page, pageSize: q.pageSize };
}

/** `count` for `cappedPage`: the rows of `matches` (a select without a limit) up to the limit asked. */
export function countUpTo(db: DbOrTx, matches: { limit(n: number): unknown }) {
  return async (limit: number): Promise<number> => {
    const capped = (matches.limit(limit) as { as(alias: string): Subquery }).as('capped');
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
    return Number(row?.n ?? 0);
  };
}
