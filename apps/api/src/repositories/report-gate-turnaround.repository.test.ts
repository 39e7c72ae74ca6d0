import { describe, it } from 'vitest';
import { gateTurnaroundReport } from '../modules/reports/gate-turnaround.ts';
import { reportStatements } from '../test/report-review.ts';
import { expectReviewed } from '../test/review-sql.ts';

describe('the gate-turnaround report statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('report-gate-turnaround', reportStatements(gateTurnaroundReport));
  });
});
