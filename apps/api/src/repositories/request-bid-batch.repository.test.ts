import { describe, it } from 'vitest';
import { statementDb } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import type { Tx } from '../db/client.ts';
import { lockForBidsQuery } from './request-bid-batch.repository.ts';

describe('request-bid-batch statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('request-bid-batch', [
      ['lockForBids (request 3, carriers 9 and 12)', lockForBidsQuery(statementDb as unknown as Tx, 3, [9, 12]).getSQL()],
    ]);
  });
});
