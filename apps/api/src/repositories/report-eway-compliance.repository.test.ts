import { describe, it } from 'vitest';
import { ewayComplianceReport } from '../modules/reports/eway-compliance.ts';
import { reportStatements } from '../test/report-review.ts';
import { expectReviewed } from '../test/review-sql.ts';

describe('the eway-compliance report statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('report-eway-compliance', reportStatements(ewayComplianceReport));
  });
});
