import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { deleteOldPositionsStatement } from './tracking-retention.repository.ts';

/** The positions' retention statements, reviewed in queries/tracking-retention.sql (test/review-sql.ts). */
describe('tracking retention repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('tracking-retention', [
      ['deleteOldPositions (before 2026-09-06, 5000 at a time)', deleteOldPositionsStatement(new Date('2026-09-06T00:00:00.000Z'), 5000)],
    ]);
  });
});
