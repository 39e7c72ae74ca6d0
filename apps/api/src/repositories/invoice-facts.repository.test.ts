import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { orderFactsStatement, termsStatement } from './invoice-facts.repository.ts';

describe('invoice fact statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('invoice-facts', [
      ['facts of orders 5 and 6', orderFactsStatement([5, 6])],
      ['terms of shipper 7 for link 4 at plant 21', termsStatement(7, 21, 4)],
    ]);
  });
});
