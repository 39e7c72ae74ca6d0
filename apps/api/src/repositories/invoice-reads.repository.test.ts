import { carrierInvoiceListQuerySchema, invoiceListQuerySchema } from '@freightdesk/shared/schemas/invoice';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import { invoiceScope, invoiceScopes } from '../test/invoice-review-sql.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { invoiceInScopeQuery, invoiceLineRows, invoiceListQuery } from './invoice-reads.repository.ts';

const db = drizzle.mock();
const shipperQuery = invoiceListQuerySchema.parse({ status: 'approved', plantId: '21', overdue: '1', search: 'INV-1', sort: '-dueDate' });
const carrierQuery = carrierInvoiceListQuerySchema.parse({ industryId: '7' });

describe('invoice read statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('invoice-reads', [
      ...invoiceScopes.map(([who, viewer]): [string, ReturnType<ReturnType<typeof invoiceListQuery>['getSQL']>] => [
        `list, first page of 25 (${who})`,
        invoiceListQuery(db, invoiceScope(viewer), who.startsWith('carrier') ? carrierQuery : shipperQuery, 26, 0).getSQL(),
      ]),
      ...invoiceScopes.map(([who, viewer]): [string, ReturnType<ReturnType<typeof invoiceListQuery>['getSQL']>] => [
        `invoice 3 (${who})`,
        invoiceInScopeQuery(db, 3, invoiceScope(viewer)).getSQL(),
      ]),
      ['lines of invoice 3, version 2', invoiceLineRows(db, 3, 2).getSQL()],
    ]);
  });
});
