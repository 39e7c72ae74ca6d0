import { sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { ACTIVE_SQL } from './order-rows.repository.ts';

/** The statuses an order row calls active (its vehicle-on-another-order flag); lib/tenant-resource.ts builds the list. */
describe('order-rows statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('order-rows', [['ACTIVE_SQL', sql`select ${ACTIVE_SQL}`]]);
  });
});
