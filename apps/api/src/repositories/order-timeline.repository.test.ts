import { describe, it } from 'vitest';
import { statementDb as db } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { orderEventsQuery } from './order-timeline.repository.ts';

/** Reads of one order (or request) the caller reached through the policy's rule first. */
describe('order-timeline statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('order-timeline', [['orderTimeline (order 5)', orderEventsQuery(db, 5).getSQL()]]);
  });
});
