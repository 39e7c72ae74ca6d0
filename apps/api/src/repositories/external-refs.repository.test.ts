import { describe, it } from 'vitest';
import { statementDb as db } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { externalRefHolderQuery } from './external-refs.repository.ts';

describe('external-refs statements', () => {
  it('the holder of an ERP reference, within the company', async () => {
    await expectReviewed('external-refs', [
      ['externalRefHolder (order, shipper 7)', externalRefHolderQuery(db, 'order', 7, 'SAP-1').getSQL()],
      ['externalRefHolder (request, shipper 7, other than 5)', externalRefHolderQuery(db, 'request', 7, 'SAP-1', 5).getSQL()],
      ['externalRefHolder (indent, shipper 7)', externalRefHolderQuery(db, 'indent', 7, 'SAP-1').getSQL()],
    ]);
  });
});
