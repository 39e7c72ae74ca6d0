import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import { orderRegister } from '../modules/reports/order-register.ts';
import { reportOwner, reportStaff } from '../test/report-review.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { orderRegisterBatchQuery, orderRegisterEstimateQuery } from './report-order-register.repository.ts';

const db = drizzle.mock();

describe('the order register statements', () => {
  it('are the ones reviewed', async () => {
    const owner = orderRegister.scope(reportOwner, {}) ?? sql`false`;
    const filters = { plantId: 21, status: 'delivered' as const, pickupFrom: '2026-11-01', pickupTo: '2026-11-30' };
    const staff = orderRegister.scope(reportStaff, filters) ?? sql`false`;
    await expectReviewed('report-order-register', [
      ['estimate (owner, no filter)', orderRegisterEstimateQuery(db, owner, {}).getSQL()],
      ['first batch of 250 (owner, no filter)', orderRegisterBatchQuery(db, owner, {}, 250, undefined).getSQL()],
      ['estimate (staff with plants 21, 22; plant, status, pickup days)', orderRegisterEstimateQuery(db, staff, filters).getSQL()],
      ['next batch below order 900 (staff; filters)', orderRegisterBatchQuery(db, staff, filters, 250, 900).getSQL()],
    ]);
  });
});
