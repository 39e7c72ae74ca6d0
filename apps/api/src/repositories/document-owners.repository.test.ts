import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import { ruleOrForbidden, type RuledKind } from '../lib/policy-require.ts';
import type { Viewer } from '../lib/policy.ts';
import { reportOwner, reportStaff } from '../test/report-review.ts';
import { carrier, expectReviewed } from '../test/review-sql.ts';
import { contractOwnerQuery, invoiceOwnerQuery, orderOwnerQuery, requestOwnerQuery, rfqOwnerQuery } from './document-owners.repository.ts';

const db = drizzle.mock();
const rule = (viewer: Viewer, kind: RuledKind) => ruleOrForbidden(viewer, kind, 'read');

describe('document owner statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('document-owners', [
      ['request 5 (owner)', requestOwnerQuery(db, rule(reportOwner, 'request'), 5).getSQL()],
      ['request 5 (staff with plants 21, 22)', requestOwnerQuery(db, rule(reportStaff, 'request'), 5).getSQL()],
      ['request 5 (carrier 9)', requestOwnerQuery(db, rule(carrier, 'request'), 5).getSQL()],
      ['order 5 (owner)', orderOwnerQuery(db, rule(reportOwner, 'order'), 5).getSQL()],
      ['order 5 (staff)', orderOwnerQuery(db, rule(reportStaff, 'order'), 5).getSQL()],
      ['order 5 (carrier 9)', orderOwnerQuery(db, rule(carrier, 'order'), 5).getSQL()],
      ['rfq 5 (staff)', rfqOwnerQuery(db, rule(reportStaff, 'rfq'), 5).getSQL()],
      ['rfq 5 (carrier 9)', rfqOwnerQuery(db, rule(carrier, 'rfq'), 5).getSQL()],
      ['contract 5 (staff)', contractOwnerQuery(db, rule(reportStaff, 'contract'), 5).getSQL()],
      ['contract 5 (carrier 9)', contractOwnerQuery(db, rule(carrier, 'contract'), 5).getSQL()],
      ['invoice 5 (owner)', invoiceOwnerQuery(db, rule(reportOwner, 'invoice'), 5).getSQL()],
      ['invoice 5 (carrier 9)', invoiceOwnerQuery(db, rule(carrier, 'invoice'), 5).getSQL()],
    ]);
  });
});
