import { sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { spendReport } from '../modules/reports/spend.ts';
import { bidSummaryReport } from '../modules/reports/bid-summary.ts';
import { reportOwner } from '../test/report-review.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { laneChoicesStatement, onePassStatement, orderLanes } from './report-summary.repository.ts';

describe('the summary reports statements', () => {
  it('are the ones reviewed', async () => {
    const scope = spendReport.scope(reportOwner, {}) ?? sql`false`;
    const { totals } = spendReport;
    if (typeof totals === 'function') {
      throw new Error('the spend report totals its rows');
    }
    await expectReviewed('report-summary', [
      [
        'one run: page 2 of 25 with count and totals (spend, owner)',
        onePassStatement({ ...spendReport, totals }, spendReport.rows(scope, {}), 25, 25),
      ],
      ['lane choices of orders (owner, no search)', laneChoicesStatement(orderLanes, scope, undefined)],
      [
        'lane choices of requests (owner, "del")',
        laneChoicesStatement(bidSummaryReport.lanes, bidSummaryReport.scope(reportOwner, {}) ?? sql`false`, 'del'),
      ],
    ]);
  });
});
