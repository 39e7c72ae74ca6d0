import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { sortedBy } from './list-page.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { systemKey } from '../system-keys.repository.ts';

/**
 * Keyset pagination for deep pages (issue 15), behind the same numbered page slots. Every page of a
 * list that can seek answers a `cursor`: its first row's sort value and id, with its page number,
 * signed for this list (its conditions, the user's scope, the sort and the page size). The web app
 * sends the cursor of the page on screen with the next page it asks for, so page 2001 is read as
 * "25 rows from page 2000's first row, after the 25 of page 2000" (51 index entries) rather than
 * "skip 50,000 entries". A page before the cursor's is read backwards from it; whichever of the
 * seek and the plain offset skips fewer rows is used. A link or reload without a cursor, a cursor
 * of another list, and one that does not verify are read by offset as before: a cursor only ever
 * makes a page cheaper, it never decides what a user may see (the list's conditions still apply).
 *
 * A sort can seek when its column is the table's own and never null (so `(column, id)` orders
 * every row); others (a joined name, a nullable date) page by offset. The value travels as the
 * database's own text of it and is cast back to the column's type, so a timestamp's microseconds
 * survive the round trip. The key signing cursors is generated once and kept in `system_keys`, so
 * every API process accepts the others' cursors.
 */

/** A page's first row: its page number, the sort column's value as text (none when the sort is the id), the id. */
export type Mark = { page: number; value: string | null; id: number };

const KEY_NAME = 'list-cursor';
/** The signing key, read once per database (another app in the process has its own). */
const secrets = perDatabase(
  (db: DbOrTx): Promise<Buffer> =>
    systemKey(db, KEY_NAME, () => randomBytes(32).toString('base64url'))
      .then((k) => Buffer.from(k, 'base64url'))
      .catch((err: unknown) => {
        secrets.forget(db);
        throw err;
      }),
);

const cursorSecret = (db: DbOrTx): Promise<Buffer> => secrets.of(db);

const sign = (key: Buffer, payload: string, list: string) =>
  createHmac('sha256', key).update(payload).update('\n').update(list).digest().subarray(0, 16);

/** The cursor of a page whose first row is `mark`, for the list named by `list` (its conditions, sort and page size). */
export async function writeCursor(db: DbOrTx, list: string, mark: Mark): Promise<string> {
  const payload = Buffer.from(JSON.stringify([mark.page, mark.value, mark.id])).toString('base64url');
  return `${payload}.${sign(await cursorSecret(db), payload, list).toString('base64url')}`;
}

/** The mark a cursor carries, when it was written for this very list; otherwise none. */
export async function readCursor(db: DbOrTx, list: string, cursor: string | undefined): Promise<Mark | undefined> {
  const [payload, mac, extra] = (cursor ?? '').split('.');
  if (!payload || !mac || extra !== undefined) {
    return undefined;
  }
  const expected = sign(await cursorSecret(db), payload, list);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return undefined;
  }
  const [page, value, id] = JSON.parse(Buffer.from(payload, 'base64url').toString()) as [number, string | null, number];
  return { page, value, id };
}

/** The sort a list can seek along: its column (the id itself for the default sort) and direction. */
export type Seekable = { column: PgColumn; id: PgColumn; descending: boolean };

/**
 * Can this sort seek? The default sort (by id) always can; a column only when it is the table's
 * own and never null.
 */
export function seekable(table: unknown, id: PgColumn, column: PgColumn | undefined, descending: boolean): Seekable | undefined {
  if (!column) {
    return { column: id, id, descending };
  }
  return column.table === table && column.notNull ? { column, id, descending } : undefined;
}

/** What a page's ids query selects besides the id: the sort value as text, to mark the page. */
export function markColumn(s: Seekable): SQL.Aliased<string> | undefined {
  return s.column === s.id ? undefined : sql<string>`${s.column}::text`.as('mark');
}

/** How to read one page: a condition from the mark (if any), the order, and the rows to skip and take. */
export type PagePlan = { from?: SQL; order: SQL[]; offset: number; limit: number; backwards: boolean };

/**
 * The cheapest way to page `page` of `pageSize` rows from a mark of page `mark.page`: forwards from
 * the mark's row (itself included, so the same page and the next read from it), backwards from
 * just before it (reversed, then put back in order), or by plain offset when that skips fewer
 * rows. Forwards and plain read one row more than the page, to tell whether more follow.
 */
export function pagePlan(s: Seekable, page: number, pageSize: number, mark: Mark | undefined): PagePlan {
  const order = (descending: boolean) => sortedBy(s.column, s.id, descending);
  const plain: PagePlan = { order: order(s.descending), offset: (page - 1) * pageSize, limit: pageSize + 1, backwards: false };
  if (!mark || (mark.value === null) !== (s.column === s.id)) {
    return plain;
  }
  if (page >= mark.page) {
    const skip = (page - mark.page) * pageSize;
    return skip < plain.offset ? { ...plain, from: beyond(s, mark, s.descending, true), offset: skip } : plain;
  }
  const skip = (mark.page - page - 1) * pageSize;
  return skip < plain.offset
    ? { from: beyond(s, mark, !s.descending, false), order: order(!s.descending), offset: skip, limit: pageSize, backwards: true }
    : plain;
}

/**
 * The rows at or after the mark's row in the order `descending` (`inclusive`), or strictly after:
 * one row comparison, which the index of (…, column, id) answers as a range.
 */
function beyond(s: Seekable, mark: Mark, descending: boolean, inclusive: boolean): SQL {
  const op = sql.raw(descending ? (inclusive ? '<=' : '<') : inclusive ? '>=' : '>');
  if (s.column === s.id) {
    return sql`${s.id} ${op} ${mark.id}`;
  }
  const value = sql`cast(${mark.value} as ${sql.raw(s.column.getSQLType())})`;
  return sql`(${s.column}, ${s.id}) ${op} (${value}, ${mark.id})`;
}
