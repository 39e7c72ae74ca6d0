import { describe, it } from 'vitest';
import { carrierScorecardReport } from '../modules/reports/carrier-scorecard.ts';
import { reportStatements } from '../test/report-review.ts';
import { expectReviewed } from '../test/review-sql.ts';

describe('the carrier-scorecard report statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('report-carrier-scorecard', reportStatements(carrierScorecardReport));
  });
});
