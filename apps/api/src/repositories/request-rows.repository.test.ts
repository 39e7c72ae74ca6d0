import { sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { staffAll as staff } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { requestScope } from './request-rows.repository.ts';

/** The staff scope the request lists and pages add (lib/tenant-resource.ts builds the rest). */
describe('request-rows statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('request-rows', [
      ['requestScope (staff with plants 21, 22 and unit 5)', requestScope({ id: 11, industryId: 7, staff }) ?? sql`true`],
    ]);
  });
});
