import { describe, it } from 'vitest';
import { carrier, ownerAll as owner, staffAll as staff, statementDb as db } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { lockForCancelQuery, lockOrderQuery } from './order-moves.repository.ts';
import { ordersFor } from '../lib/policy.ts';

describe('order-moves statements', () => {
  it('the order locks', async () => {
    await expectReviewed('order-moves', [
      ['lockOrderToChange (owner, outbound, order 5)', lockOrderQuery(db, 5, ordersFor(owner, 'change', 1)).getSQL()],
      ['lockOrderToChange (staff, any direction, order 5)', lockOrderQuery(db, 5, ordersFor(staff, 'change')).getSQL()],
      ['lockOrderToChange (carrier 9, order 5)', lockOrderQuery(db, 5, ordersFor(carrier, 'change')).getSQL()],
      ['lockForCancel (staff, inbound, order 5)', lockForCancelQuery(db, staff, 2, 5).getSQL()],
    ]);
  });
});
