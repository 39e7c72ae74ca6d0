import { describe, it } from 'vitest';
import { carrier, expectReviewed, owner } from '../test/review-sql.ts';
import { reviewDb } from '../test/review-specs.ts';
import { notificationsByIdQuery, unreadByUserQuery, unreadNotificationsQuery, userNotificationsQuery } from './notifications.repository.ts';

describe('notifications repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('notifications', [
      ['page (owner, user 10)', userNotificationsQuery(reviewDb, owner.id, 20, 0).getSQL()],
      ['page (carrier user 12)', userNotificationsQuery(reviewDb, carrier.id, 20, 40).getSQL()],
      ['unread (user 10)', unreadNotificationsQuery(reviewDb, owner.id).getSQL()],
      ['live batch (notifications 1, 2)', notificationsByIdQuery(reviewDb, [1, 2]).getSQL()],
      ['live unread (users 10, 12)', unreadByUserQuery(reviewDb, [owner.id, carrier.id]).getSQL()],
    ]);
  });
});
