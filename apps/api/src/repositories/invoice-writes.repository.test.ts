import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { takeOrders } from './invoice-writes.repository.ts';

const db = drizzle.mock();

describe('invoice write statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('invoice-writes', [['orders 5 and 6 taken by invoice 3', takeOrders(db, 3, [5, 6]).getSQL()]]);
  });
});
