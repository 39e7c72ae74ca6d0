import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { ruleOrForbidden } from '../lib/policy-require.ts';
import type { Viewer } from '../lib/policy-scope.ts';
import { expectReviewed, owner as anyOwner, staff as anyStaff } from '../test/review-sql.ts';
import { latestQuotesStatement, rfqInScopeStatement } from './rfq-award.repository.ts';

/** A database that only builds statements (never connected). */
const db: Db = drizzle.mock();
/** The review's owner and staff user, holding the RFQ and contract permissions. */
const permissions: Viewer['permissions'] = ['list-rfp', 'add-rfp', 'list-indent', 'detail-indent', 'add-indent'];
const owner: Viewer = { ...anyOwner, permissions };
const staff: Viewer = { ...anyStaff, permissions };

describe('RFQ award statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('rfq-award', [
      ['RFQ 3 exists (owner, change)', rfqInScopeStatement(db, 3, ruleOrForbidden(owner, 'rfq', 'change')).getSQL()],
      ['RFQ 3 exists (staff, read)', rfqInScopeStatement(db, 3, ruleOrForbidden(staff, 'rfq', 'read')).getSQL()],
      ['latest quotes of RFQ 3', latestQuotesStatement(3)],
    ]);
  });
});
