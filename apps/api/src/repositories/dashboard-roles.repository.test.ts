import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import { expectReviewed, carrier } from '../test/review-sql.ts';
import {
  adminFiguresStatement,
  carrierAuctionsQuery,
  carrierDueQuery,
  carrierOutcomesQuery,
  carrierWorkQuery,
} from './dashboard-roles.repository.ts';

const db = drizzle.mock();

describe('carrier and admin dashboard statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('dashboard-roles', [
      ['auctions (carrier 9)', carrierAuctionsQuery(db, carrier).getSQL()],
      ['outcomes (carrier 9)', carrierOutcomesQuery(db, carrier).getSQL()],
      ['invoices due (carrier 9)', carrierDueQuery(db, carrier).getSQL()],
      ['orders to serve and in transit (carrier 9)', carrierWorkQuery(db, carrier).getSQL()],
      ['admin figures', adminFiguresStatement()],
    ]);
  });
});
