import { describe, it } from 'vitest';
import { expectReviewed, owner } from '../test/review-sql.ts';
import { resourceStatement, reviewDb } from '../test/review-specs.ts';
import { noticeSpec, unreadNoticesQuery, visibleNoticesCounted, visibleNoticesQuery } from './notices.repository.ts';

describe('notices repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('notices', [
      ['notices (platform admin)', resourceStatement(noticeSpec, 0)],
      ['published page (user 10)', visibleNoticesQuery(reviewDb, owner.id, 20, 0).getSQL()],
      ['published, counted', visibleNoticesCounted(reviewDb).getSQL()],
      ['unread (user 10)', unreadNoticesQuery(reviewDb, owner.id).getSQL()],
    ]);
  });
});
