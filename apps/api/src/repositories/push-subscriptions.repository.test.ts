import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { reviewDb } from '../test/review-specs.ts';
import { pushPairQuery, pushPairsQuery } from './push-subscriptions.repository.ts';

describe('push subscriptions repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('push-subscriptions', [
      ['pairs of notifications 1, 2', pushPairsQuery(reviewDb, [1, 2]).getSQL()],
      ['pair of notification 1 and subscription 3', pushPairQuery(reviewDb, 1, 3).getSQL()],
    ]);
  });
});
