import { describe, it } from 'vitest';
import { carrier, expectReviewed, owner, staff } from '../test/review-sql.ts';
import { reviewDb } from '../test/review-specs.ts';
import { apiKeyCallsPageQuery, apiKeyOfViewerQuery, apiKeysPageQuery } from './api-keys.repository.ts';

describe('api keys repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('api-keys', [
      ['page (owner of shipper 7)', apiKeysPageQuery(reviewDb, owner, 25, 0).getSQL()],
      ['page (carrier 9)', apiKeysPageQuery(reviewDb, carrier, 25, 25).getSQL()],
      ['page (staff: none)', apiKeysPageQuery(reviewDb, staff, 25, 0).getSQL()],
      ['one key (owner, key 3)', apiKeyOfViewerQuery(reviewDb, owner, 3).getSQL()],
      ['calls (carrier, key 3)', apiKeyCallsPageQuery(reviewDb, carrier, 3, 25, 0).getSQL()],
    ]);
  });
});
