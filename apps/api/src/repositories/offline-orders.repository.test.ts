import { describe, it } from 'vitest';
import { ownerAll as owner, staffAll as staff, statementDb as db } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { offlineChangeScope, ownPlantQuery } from './offline-orders.repository.ts';
import { sql } from 'drizzle-orm';

describe('offline-orders statements', () => {
  it('the offline order checks', async () => {
    await expectReviewed('offline-orders', [
      ['isOwnPlant (owner, plant 21)', ownPlantQuery(db, owner, 7, 21).getSQL()],
      ['isOwnPlant (staff with plants 21, 22 and unit 5, plant 21)', ownPlantQuery(db, staff, 7, 21).getSQL()],
      ['lockOfflineOrder scope (staff, outbound)', offlineChangeScope(staff, 1) ?? sql`false`],
    ]);
  });
});
