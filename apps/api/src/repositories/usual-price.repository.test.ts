import { describe, it } from 'vitest';
import { carrier, staffAll as staff, statementDb as db } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { carrierLaneQuery, plantPointQuery } from './usual-price.repository.ts';

describe('usual-price statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('usual-price', [
      ['plant (owner, plant 21)', plantPointQuery(db, { id: 10, industryId: 7 }, 21).getSQL()],
      ['plant (staff with plants 21, 22 and unit 5, plant 21)', plantPointQuery(db, { id: 11, industryId: 7, staff }, 21).getSQL()],
      ['carrierLane (carrier 9, request 3)', carrierLaneQuery(db, carrier, 3).getSQL()],
    ]);
  });
});
