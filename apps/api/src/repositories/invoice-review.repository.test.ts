import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import { invoiceScope } from '../test/invoice-review-sql.ts';
import { reportOwner, reportStaff } from '../test/report-review.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { invoiceVersionQuery, matchingLinesQuery } from './invoice-review.repository.ts';

const db = drizzle.mock();

describe('invoice review statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('invoice-review', [
      ['version of invoice 3 (owner)', invoiceVersionQuery(db, 3, invoiceScope(reportOwner)).getSQL()],
      ['version of invoice 3 (staff with plants 21, 22)', invoiceVersionQuery(db, 3, invoiceScope(reportStaff)).getSQL()],
      ['matching pending lines of invoice 3, version 2', matchingLinesQuery(db, 3, 2).getSQL()],
    ]);
  });
});
