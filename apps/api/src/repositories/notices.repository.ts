import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Notice, NoticeInputParsed, NoticeListQuery } from '@freightdesk/shared/schemas/notice';
import type { DbOrTx } from '../db/client.ts';
import { noticeReads, notices } from '../db/schema/platform.ts';
import type { ResourceSpec } from '../lib/resource-spec.ts';
import { withIsoDates } from './common/rows.ts';

/**
 * Notices (issue 32): the platform's announcements (admin data), and what every user reads of
 * them: the published ones, marked read per user.
 */

export const toNotice = (raw: Record<string, unknown>): Notice => {
  const row = withIsoDates<Notice & { publishedAt: unknown }>(raw);
  return { ...row, publishedAt: raw.publishedAt instanceof Date ? raw.publishedAt.toISOString() : null };
};

export const noticeSpec: ResourceSpec<Notice, NoticeInputParsed, NoticeListQuery> = {
  entity: 'notice',
  label: 'Notice',
  global: true,
  table: notices,
  select: {
    id: notices.id,
    title: notices.title,
    body: notices.body,
    publishedAt: notices.publishedAt,
    status: notices.status,
    createdAt: notices.createdAt,
    updatedAt: notices.updatedAt,
  },
  search: [notices.title, notices.body],
  sorts: { title: notices.title, publishedAt: notices.publishedAt, createdAt: notices.createdAt },
  filters: (q) => [q.status ? eq(notices.status, q.status) : undefined],
  toRow: toNotice,
  toValues: ({ publish: _publish, ...rest }) => rest,
  // Publishing stamps the time once (edits keep it); a draft stays unpublished.
  afterWrite: async (tx, _actor, id, input) => {
    await tx
      .update(notices)
      .set({ publishedAt: input.publish ? sql`coalesce(${notices.publishedAt}, now())` : null })
      .where(eq(notices.id, id));
  },
};

const visible = and(isNotNull(notices.publishedAt), eq(notices.status, 'active'));

/** A page of published notices, newest first, each marked read or unread for the user. */
export const visibleNoticesQuery = (db: DbOrTx, userId: number, limit: number, offset: number) =>
  db
    .select({
      id: notices.id,
      title: notices.title,
      body: notices.body,
      publishedAt: notices.publishedAt,
      status: notices.status,
      read: sql<boolean>`exists (select 1 from notice_reads r where r.notice_id = notices.id and r.user_id = ${userId})`,
      createdAt: notices.createdAt,
      updatedAt: notices.updatedAt,
    })
    .from(notices)
    .where(visible)
    .orderBy(desc(notices.publishedAt), desc(notices.id))
    .limit(limit)
    .offset(offset);

/** The published notices, as what a page counts. */
export const visibleNoticesCounted = (db: DbOrTx) =>
  db
    .select({ one: sql`1`.as('one') })
    .from(notices)
    .where(visible)
    .$dynamic();

/** The published notices the user has not read. */
export const unreadNoticesQuery = (db: DbOrTx, userId: number) =>
  db
    .select({ n: count() })
    .from(notices)
    .where(and(visible, sql`not exists (select 1 from notice_reads r where r.notice_id = notices.id and r.user_id = ${userId})`));

export async function unreadNoticeCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await unreadNoticesQuery(db, userId);
  return row?.n ?? 0;
}

/** Marks every published notice read for the user. */
export async function markNoticesRead(db: DbOrTx, userId: number): Promise<void> {
  const ids = await db.select({ id: notices.id }).from(notices).where(visible);
  if (ids.length) {
    await db
      .insert(noticeReads)
      .values(ids.map((n) => ({ noticeId: n.id, userId })))
      .onConflictDoNothing();
  }
}
