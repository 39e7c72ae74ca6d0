import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { deviceRoutesStatement } from './tracking-ingest.repository.ts';

/** The ingest's statements, reviewed in queries/tracking-ingest.sql (test/review-sql.ts). */
describe('tracking ingest repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('tracking-ingest', [['deviceRoutes (two keys)', deviceRoutesStatement(['359710049012345', 'a1b2c3'])]]);
  });
});
