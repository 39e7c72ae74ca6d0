import { describe, it } from 'vitest';
import { bidSummaryReport } from '../modules/reports/bid-summary.ts';
import { reportStatements } from '../test/report-review.ts';
import { expectReviewed } from '../test/review-sql.ts';

describe('the bid-summary report statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('report-bid-summary', reportStatements(bidSummaryReport));
  });
});
