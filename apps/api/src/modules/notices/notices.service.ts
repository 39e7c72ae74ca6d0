import type { ListQuery } from '@freightdesk/shared/schemas/common';
import type { Db } from '../../db/client.ts';
import { cappedPage, countUpTo } from '../../repositories/common/list-page.ts';
import { tenantResource } from '../../lib/tenant-resource.ts';
import {
  markNoticesRead,
  noticeSpec,
  toNotice,
  unreadNoticeCount,
  visibleNoticesCounted,
  visibleNoticesQuery,
} from '../../repositories/notices.repository.ts';

export const noticeResource = tenantResource(noticeSpec);

/** Published notices, newest first, each marked read or unread for the user. */
export async function noticesFor(db: Db, userId: number, q: ListQuery) {
  return cappedPage(
    q,
    async (limit, offset) => (await visibleNoticesQuery(db, userId, limit, offset)).map((r) => toNotice(r)),
    countUpTo(db, visibleNoticesCounted(db)),
  );
}

export const unreadCount = (db: Db, userId: number): Promise<number> => unreadNoticeCount(db, userId);

export const markAllRead = (db: Db, userId: number): Promise<void> => markNoticesRead(db, userId);
