import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { locatedStatement, trailStatement } from './tracking-positions.repository.ts';

const at = new Date('2026-12-05T06:30:00.000Z');
const outbound = { id: 5, requestType: 1, gateOutAt: at, tracking: null };
const notStarted = { id: 5, requestType: 2, gateOutAt: null, tracking: null };

/**
 * The positions' statements, reviewed in queries/tracking-positions.sql (test/review-sql.ts). A
 * trip is read only once its order was found in the viewer's scope (tracking-trips).
 */
describe('tracking positions repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('tracking-positions', [
      ['trail (outbound order 5 out of the gate: rail reports, or since the gate out)', trailStatement(outbound, 2000)],
      ['trail (inbound order 5, tracking not set: every position in use)', trailStatement(notStarted, 2000)],
      ['located since (order 5)', locatedStatement(5, { since: at }, 5000)],
      ['located until (order 5)', locatedStatement(5, { until: at }, 5000)],
    ]);
  });
});
