import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import { carrier, expectReviewed } from '../test/review-sql.ts';
import { invoiceScope } from '../test/invoice-review-sql.ts';
import { reportOwner, reportStaff } from '../test/report-review.ts';
import { byCarrierQuery, byShipperQuery, summaryTotalsQuery } from './invoice-summary.repository.ts';

const db = drizzle.mock();

describe('payment summary statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('invoice-summary', [
      ['by carrier (owner)', byCarrierQuery(db, invoiceScope(reportOwner), {}).getSQL()],
      [
        'by carrier (staff with plants 21, 22; plant 21, link 4)',
        byCarrierQuery(db, invoiceScope(reportStaff), { plantId: 21, carrierLinkId: 4 }).getSQL(),
      ],
      ['totals (staff; plant 21)', summaryTotalsQuery(db, invoiceScope(reportStaff), { plantId: 21 }).getSQL()],
      ['by shipper (carrier 9; shipper 7)', byShipperQuery(db, invoiceScope(carrier), { industryId: 7 }).getSQL()],
      ['totals (carrier 9)', summaryTotalsQuery(db, invoiceScope(carrier), {}).getSQL()],
    ]);
  });
});
