import { sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { spendReport } from '../modules/reports/spend.ts';
import { reportOwner, reportStatements } from '../test/report-review.ts';
import { expectReviewed } from '../test/review-sql.ts';

describe('the spend report statements', () => {
  it('are the ones reviewed', async () => {
    const scope = spendReport.scope(reportOwner, {}) ?? sql`false`;
    const byGroup = (['lane', 'plant', 'carrier'] as const).map((groupBy): [string, ReturnType<typeof spendReport.rows>] => [
      `rows by ${groupBy} (owner)`,
      spendReport.rows(scope, { groupBy }),
    ]);
    await expectReviewed('report-spend', [...reportStatements(spendReport), ...byGroup]);
  });
});
