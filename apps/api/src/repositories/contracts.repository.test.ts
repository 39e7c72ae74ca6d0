import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { ruleOrForbidden } from '../lib/policy-require.ts';
import type { Viewer } from '../lib/policy-scope.ts';
import { carrier, expectReviewed, owner as anyOwner, staff as anyStaff } from '../test/review-sql.ts';
import { contractInScopeStatement, contractListStatement } from './contracts.repository.ts';

/** A database that only builds statements (never connected). */
const db: Db = drizzle.mock();
/** The review's owner and staff user, holding the RFQ and contract permissions. */
const permissions: Viewer['permissions'] = ['list-rfp', 'add-rfp', 'list-indent', 'detail-indent', 'add-indent'];
const owner: Viewer = { ...anyOwner, permissions };
const staff: Viewer = { ...anyStaff, permissions };
const contracts = (viewer: Viewer) => ruleOrForbidden(viewer, 'contract', 'list');

describe('contract statements', () => {
  it('are the ones reviewed', async () => {
    const q = { page: 1, pageSize: 25 as const, search: 'steel' };
    await expectReviewed('contracts', [
      ['contracts (owner, RFQ 3)', contractListStatement(db, contracts(owner), { ...q, rfqId: 3 }).getSQL()],
      ['contracts (staff)', contractListStatement(db, contracts(staff), q).getSQL()],
      ['contracts (carrier 9)', contractListStatement(db, contracts(carrier), q).getSQL()],
      ['contract 4 (carrier 9, read)', contractInScopeStatement(db, 4, ruleOrForbidden(carrier, 'contract', 'read')).getSQL()],
    ]);
  });
});
