import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { ownerDocumentQuery, ownerDocumentsQuery } from './documents.repository.ts';

const db = drizzle.mock();
const order = { ownerType: 'order' as const, ownerId: 5, industryId: 7 };

describe('document statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('documents', [
      ['documents of order 5 of shipper 7', ownerDocumentsQuery(db, order).getSQL()],
      ['document 3 of order 5 of shipper 7 (listed)', ownerDocumentsQuery(db, order, 3).getSQL()],
      ['document 3 of order 5 of shipper 7 (with its storage key)', ownerDocumentQuery(db, order, 3).getSQL()],
    ]);
  });
});
