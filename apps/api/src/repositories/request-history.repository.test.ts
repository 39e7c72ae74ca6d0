import { describe, it } from 'vitest';
import { statementDb as db } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { auditsQuery, awardsQuery, revisionsQuery } from './request-history.repository.ts';

describe('request-history statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('request-history', [
      ['audits (shipper 7, request 3)', auditsQuery(db, 7, 3).getSQL()],
      ['bid revisions (request 3)', revisionsQuery(db, 3).getSQL()],
      ['awards (shipper 7, request 3)', awardsQuery(db, 7, 3).getSQL()],
    ]);
  });
});
