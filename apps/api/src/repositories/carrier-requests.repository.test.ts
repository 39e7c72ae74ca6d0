import { describe, it } from 'vitest';
import { carrier, statementDb as db } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { carrierRequestQuery } from './carrier-requests.repository.ts';

describe('carrier-requests statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('carrier-requests', [['carrierRequest (carrier 9, request 5)', carrierRequestQuery(db, carrier, 5).getSQL()]]);
  });
});
