import { describe, it } from 'vitest';
import { indentFulfilmentReport } from '../modules/reports/indent-fulfilment.ts';
import { reportStatements } from '../test/report-review.ts';
import { expectReviewed } from '../test/review-sql.ts';

describe('the indent-fulfilment report statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('report-indent-fulfilment', reportStatements(indentFulfilmentReport));
  });
});
