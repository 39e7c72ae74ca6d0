import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { announceChangeStatement } from './tracking-events.repository.ts';

/** The episodes' statements, reviewed in queries/tracking-events.sql (test/review-sql.ts). */
describe('tracking events repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('tracking-events', [
      ['announceChange (order 5, halt)', announceChangeStatement(5, 'halt')],
      ['announceChange (order 5, provider)', announceChangeStatement(5, 'provider')],
    ]);
  });
});
