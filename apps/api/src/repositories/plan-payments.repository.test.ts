import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { reviewDb } from '../test/review-specs.ts';
import { paymentsQuery } from './plan-payments.repository.ts';

describe('plan payments repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('plan-payments', [
      ['payments (owner of shipper 7)', paymentsQuery(reviewDb, 7).getSQL()],
      ['payments (platform admin, awaiting confirmation)', paymentsQuery(reviewDb, undefined, 'awaiting_confirmation').getSQL()],
    ]);
  });
});
