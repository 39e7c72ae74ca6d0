import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { awardWindowStatement } from './request-moves.repository.ts';
import { ruleColumn } from './request-rules.repository.ts';

describe('request-moves statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('request-moves', [
      ['awardWindowHours (shipper 7, plant 21)', awardWindowStatement(7, 21)],
      ['ruleColumn visibility (shipper 7, plant 21)', ruleColumn('visibility', 7, 21)],
    ]);
  });
});
