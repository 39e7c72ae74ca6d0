import { describe, it } from 'vitest';
import { brsrScope3Report, emissionsReport } from '../modules/reports/emissions.ts';
import { reportStatements } from '../test/report-review.ts';
import { expectReviewed } from '../test/review-sql.ts';

describe('the emissions report statements', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('report-emissions', [
      ...reportStatements(emissionsReport),
      ...reportStatements(emissionsReport, { groupBy: 'carrier' }).slice(0, 1),
      ...reportStatements(brsrScope3Report),
    ]);
  });
});
