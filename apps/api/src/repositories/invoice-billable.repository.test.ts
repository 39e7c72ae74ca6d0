import { billableOrdersQuerySchema } from '@freightdesk/shared/schemas/invoice';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { billableOrdersQuery } from './invoice-billable.repository.ts';

const db = drizzle.mock();

describe('billable order statements', () => {
  it('are the ones reviewed', async () => {
    const all = billableOrdersQuerySchema.parse({ industryId: '7' });
    const searched = billableOrdersQuerySchema.parse({ industryId: '7', plantId: '21', search: 'ORD-12' });
    await expectReviewed('invoice-billable', [
      ['first page (carrier 9, shipper 7)', billableOrdersQuery(db, 9, all, 26, 0).getSQL()],
      ['searched at plant 21 (carrier 9, shipper 7)', billableOrdersQuery(db, 9, searched, 26, 0).getSQL()],
    ]);
  });
});
