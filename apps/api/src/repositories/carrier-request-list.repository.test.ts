import { describe, it } from 'vitest';
import { carrier, statementDb as db } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { tabCountsStatement, tabPageQuery } from './carrier-request-list.repository.ts';

describe('carrier-request-list statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('carrier-request-list', [
      ['tabCounts (carrier 9, no search)', tabCountsStatement(carrier, undefined)],
      ['tabCounts (carrier 9, "pune")', tabCountsStatement(carrier, 'pune')],
      [
        'tabPage (carrier 9, live, page 2 of 25)',
        tabPageQuery(db, carrier, { tab: 'live', page: 2, pageSize: 25 }, { limit: 25, offset: 25 }).getSQL(),
      ],
      [
        'tabPage (carrier 9, finished, "pune")',
        tabPageQuery(db, carrier, { tab: 'finished', search: 'pune', page: 1, pageSize: 25 }, { limit: 25, offset: 0 }).getSQL(),
      ],
    ]);
  });
});
