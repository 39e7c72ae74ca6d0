import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { reviewDb } from '../test/review-specs.ts';
import { liveLinkQuery } from './password-resets.repository.ts';

describe('password resets repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('password-resets', [['liveLink (a token hash)', liveLinkQuery(reviewDb, 'hash').getSQL()]]);
  });
});
