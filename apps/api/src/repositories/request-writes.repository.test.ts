import { sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { staffAll as staff } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { editableRequest } from './request-writes.repository.ts';

/** The conditions of an edit; the writes themselves are plain inserts and updates by id. */
describe('request-writes statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('request-writes', [
      ['lockRequestVersion condition (owner, outbound, request 3)', editableRequest({ id: 10, industryId: 7 }, 1, 3) ?? sql`true`],
      [
        'lockRequestVersion condition (staff with plants 21, 22 and unit 5, inbound, request 3)',
        editableRequest({ id: 11, industryId: 7, staff }, 2, 3) ?? sql`true`,
      ],
    ]);
  });
});
