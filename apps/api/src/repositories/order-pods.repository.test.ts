import { describe, it } from 'vitest';
import { statementDb as db } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { podsQuery } from './order-pods.repository.ts';

/** Reads of one order (or request) the caller reached through the policy's rule first. */
describe('order-pods statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('order-pods', [['listPods (order 5)', podsQuery(db, 5).getSQL()]]);
  });
});
