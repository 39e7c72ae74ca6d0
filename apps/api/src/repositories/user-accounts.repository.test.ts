import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { reviewDb } from '../test/review-specs.ts';
import { loginCandidateQuery } from './user-accounts.repository.ts';

describe('user accounts repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('user-accounts', [
      ['loginCandidate (email or mobile)', loginCandidateQuery(reviewDb, 'owner@example.com').getSQL()],
    ]);
  });
});
