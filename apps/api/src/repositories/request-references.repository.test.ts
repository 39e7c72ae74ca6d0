import { sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { staffAll as staff } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { activePlantsOf } from './request-references.repository.ts';

/** The plant a request may name; the other references are the shipper's rows by id. */
describe('request-references statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('request-references', [
      ['checkReferences plant condition (owner)', activePlantsOf({ id: 10, industryId: 7 }) ?? sql`true`],
      [
        'checkReferences plant condition (staff with plants 21, 22 and unit 5)',
        activePlantsOf({ id: 11, industryId: 7, staff }) ?? sql`true`,
      ],
    ]);
  });
});
