import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import { expectReviewed, owner, staff } from '../test/review-sql.ts';
import { freightDeliveredQuery, freightOrdersQuery, freightRequestsQuery } from './dashboard-freight.repository.ts';

const db = drizzle.mock();
const filter = { startDate: '2026-12-01', endDate: '2026-12-05', businessUnitId: 5 };

describe('dashboard freight statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('dashboard-freight', [
      ['requests (owner, no filter)', freightRequestsQuery(db, owner, 7, {}).getSQL()],
      ['requests (staff with plants 21, 22; dates, unit 5)', freightRequestsQuery(db, staff, 7, filter).getSQL()],
      ['orders (owner, no filter)', freightOrdersQuery(db, owner, 7, {}).getSQL()],
      ['orders (staff; plant 21)', freightOrdersQuery(db, staff, 7, { plantId: 21 }).getSQL()],
      ['delivered (owner, no filter)', freightDeliveredQuery(db, owner, 7, {}).getSQL()],
      ['delivered (staff; dates, unit 5)', freightDeliveredQuery(db, staff, 7, filter).getSQL()],
    ]);
  });
});
