import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { ruleOrForbidden } from '../lib/policy-require.ts';
import type { Viewer } from '../lib/policy-scope.ts';
import { carrier, expectReviewed, owner as anyOwner, staff as anyStaff } from '../test/review-sql.ts';
import { rfqInScopeStatement, rfqListStatement } from './rfqs.repository.ts';

/** A database that only builds statements (never connected). */
const db: Db = drizzle.mock();
/** The review's owner and staff user, holding the RFQ and contract permissions. */
const permissions: Viewer['permissions'] = ['list-rfp', 'add-rfp', 'list-indent', 'detail-indent', 'add-indent'];
const owner: Viewer = { ...anyOwner, permissions };
const staff: Viewer = { ...anyStaff, permissions };
const rfqs = (viewer: Viewer) => ruleOrForbidden(viewer, 'rfq', 'list');

describe('RFQ statements', () => {
  it('are the ones reviewed', async () => {
    const q = { page: 1, pageSize: 25 as const, search: 'steel' };
    await expectReviewed('rfqs', [
      ['RFQs (owner, open, searched)', rfqListStatement(db, rfqs(owner), { ...q, status: 'open' }).getSQL()],
      ['RFQs (staff)', rfqListStatement(db, rfqs(staff), q).getSQL()],
      ['RFQs (carrier 9)', rfqListStatement(db, rfqs(carrier), q).getSQL()],
      ['RFQ 3 (staff, read)', rfqInScopeStatement(db, 3, ruleOrForbidden(staff, 'rfq', 'read')).getSQL()],
    ]);
  });
});
