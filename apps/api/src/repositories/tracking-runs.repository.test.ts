import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { providerCandidatesStatement } from './tracking-runs.repository.ts';

/** The tracking jobs' statements, reviewed in queries/tracking-runs.sql (test/review-sql.ts). */
describe('tracking runs repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('tracking-runs', [
      ['providerCandidates (not asked since 06:29:03)', providerCandidatesStatement(new Date('2026-12-05T06:29:03.000Z'))],
    ]);
  });
});
