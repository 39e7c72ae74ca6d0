import { describe, it } from 'vitest';
import { admin, expectReviewed } from '../test/review-sql.ts';
import { resourceStatement, reviewDb } from '../test/review-specs.ts';
import { currentPlanQuery, planSpec } from './plans.repository.ts';

describe('plans repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('plans', [
      ['plans (platform admin)', resourceStatement(planSpec, admin.industryId ?? 0)],
      ['currentPlan (shipper 7)', currentPlanQuery(reviewDb, 7).getSQL()],
    ]);
  });
});
