import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import { ruleOrForbidden } from '../lib/policy-require.ts';
import { reportOwner, reportStaff } from '../test/report-review.ts';
import { carrier, expectReviewed } from '../test/review-sql.ts';
import { billAlertQuery, billOrderQuery, orderStopPoints } from './eway-bills.repository.ts';

const db = drizzle.mock();
const scope = (viewer: typeof carrier, action: 'read' | 'change') => ruleOrForbidden(viewer, 'order', action);

describe('e-way bill statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('eway-bills', [
      ['billOrder (owner, read, order 5)', billOrderQuery(db, scope(reportOwner, 'read'), 5).getSQL()],
      ['billOrder (staff with plants 21, 22; change, order 5)', billOrderQuery(db, scope(reportStaff, 'change'), 5).getSQL()],
      ['billOrder (carrier 9, read, order 5)', billOrderQuery(db, scope(carrier, 'read'), 5).getSQL()],
      ['order stops (order 5)', orderStopPoints(db, 5).getSQL()],
      ['alert of bill 3', billAlertQuery(db, 3).getSQL()],
    ]);
  });
});
