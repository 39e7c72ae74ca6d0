import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import { invoiceScope } from '../test/invoice-review-sql.ts';
import { reportOwner, reportStaff } from '../test/report-review.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { dueInvoicesQuery } from './invoice-bank-file.repository.ts';

const db = drizzle.mock();

describe('bank file statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('invoice-bank-file', [
      ['invoices due (owner)', dueInvoicesQuery(db, invoiceScope(reportOwner), {}).getSQL()],
      [
        'invoices due (staff with plants 21, 22; link 4, plant 21)',
        dueInvoicesQuery(db, invoiceScope(reportStaff), { carrierLinkId: 4, plantId: 21 }).getSQL(),
      ],
    ]);
  });
});
