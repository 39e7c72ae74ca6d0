import { describe, it } from 'vitest';
import { statementDb as db } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { liveOrdersQuery } from './order-awards.repository.ts';

/** Reads of one order (or request) the caller reached through the policy's rule first. */
describe('order-awards statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('order-awards', [['liveOrdersOfRequest (request 3)', liveOrdersQuery(db, 3).getSQL()]]);
  });
});
