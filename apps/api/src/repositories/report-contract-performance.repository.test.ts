import { describe, it } from 'vitest';
import { contractPerformanceReport } from '../modules/reports/contract-performance.ts';
import { reportStatements } from '../test/report-review.ts';
import { expectReviewed } from '../test/review-sql.ts';

describe('the contract-performance report statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('report-contract-performance', reportStatements(contractPerformanceReport));
  });
});
