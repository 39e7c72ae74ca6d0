import { describe, it } from 'vitest';
import { expectReviewed, owner } from '../test/review-sql.ts';
import { reviewDb } from '../test/review-specs.ts';
import { shipperViewerRows } from './viewers.repository.ts';

describe('viewers repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('viewers', [
      ['active users of a shipper (industry 7)', shipperViewerRows(reviewDb, owner.industryId ?? 0).getSQL()],
    ]);
  });
});
