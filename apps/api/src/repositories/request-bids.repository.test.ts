import { describe, it } from 'vitest';
import { statementDb as db } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { rankedBidsQuery } from './request-bids.repository.ts';

describe('request-bids statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('request-bids', [
      ["rankedBids (request 3; the request read in the shipper's tenant first)", rankedBidsQuery(db, 3).getSQL()],
    ]);
  });
});
