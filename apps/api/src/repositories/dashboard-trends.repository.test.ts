import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import { expectReviewed, owner, staff } from '../test/review-sql.ts';
import {
  trendCarriersQuery,
  trendLanesQuery,
  trendMonthsQuery,
  trendStatusesQuery,
  trendTimesQuery,
} from './dashboard-trends.repository.ts';

const db = drizzle.mock();
const ofOwner = { user: owner, industryId: 7, q: {} };
const ofStaff = { user: staff, industryId: 7, q: { startDate: '2026-12-01', endDate: '2026-12-05', plantId: 21 } };

describe('dashboard trend statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('dashboard-trends', [
      ['months (owner)', trendMonthsQuery(db, ofOwner).getSQL()],
      ['months (staff with plants 21, 22; dates, plant 21)', trendMonthsQuery(db, ofStaff).getSQL()],
      ['statuses (staff)', trendStatusesQuery(db, ofStaff).getSQL()],
      ['times (staff)', trendTimesQuery(db, ofStaff).getSQL()],
      ['lanes (staff)', trendLanesQuery(db, ofStaff).getSQL()],
      ['carriers (owner)', trendCarriersQuery(db, ofOwner).getSQL()],
      ['carriers (staff)', trendCarriersQuery(db, ofStaff).getSQL()],
    ]);
  });
});
