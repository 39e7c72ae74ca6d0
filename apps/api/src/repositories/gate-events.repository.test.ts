import { describe, it } from 'vitest';
import { statementDb as db } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { gateEventsQuery } from './gate-events.repository.ts';

/** Reads of one order (or request) the caller reached through the policy's rule first. */
describe('gate-events statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('gate-events', [['listGateEvents (order 5)', gateEventsQuery(db, 5).getSQL()]]);
  });
});
