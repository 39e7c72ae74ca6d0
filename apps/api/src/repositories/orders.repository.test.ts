import { describe, it } from 'vitest';
import { carrier, ownerAll as owner, staffAll as staff, staffOffline } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { offlineReadScope, orderReadScope, orScopeNone } from './orders.repository.ts';
import { ordersFor } from '../lib/policy.ts';

describe('orders statements', () => {
  it('the conditions the order reads add', async () => {
    await expectReviewed('orders', [
      ['orderList / orderOf scope (owner, outbound)', orderReadScope(owner, 1)],
      ['orderList / orderOf scope (staff with plants 21, 22 and unit 5, inbound)', orderReadScope(staff, 2)],
      ['offlineOrderList / offlineOrderOf scope (staff, outbound)', offlineReadScope(staff, 1)],
      ['offlineOrderList / offlineOrderOf scope (staff with the offline list only, inbound)', offlineReadScope(staffOffline, 2)],
      ['carrierOrders / carrierOrder scope (carrier 9)', orScopeNone(ordersFor(carrier, 'read'))],
    ]);
  });
});
