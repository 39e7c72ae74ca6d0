import { describe, it } from 'vitest';
import { statementDb as db } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { readLaneQuery } from './order-lane.repository.ts';

/** Reads of one order (or request) the caller reached through the policy's rule first. */
describe('order-lane statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('order-lane', [['readLane (order 5)', readLaneQuery(db, 5).getSQL()]]);
  });
});
