import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { reviewDb } from '../test/review-specs.ts';
import { outboxCounted, outboxPageQuery } from './outbox.repository.ts';

describe('outbox repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('outbox', [
      ['page (platform admin)', outboxPageQuery(reviewDb, undefined, 20, 0).getSQL()],
      ['page searched (platform admin)', outboxPageQuery(reviewDb, 'invoice', 20, 0).getSQL()],
      ['searched, counted', outboxCounted(reviewDb, 'invoice').getSQL()],
    ]);
  });
});
