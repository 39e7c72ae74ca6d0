import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { ruleOrForbidden } from '../lib/policy-require.ts';
import type { Viewer } from '../lib/policy-scope.ts';
import { expectReviewed, owner as anyOwner, staff as anyStaff } from '../test/review-sql.ts';
import { indentInScopeStatement, indentListStatement } from './indents.repository.ts';

/** A database that only builds statements (never connected). */
const db: Db = drizzle.mock();
/** The review's owner and staff user, holding the indent permissions. */
const indentPermissions: Viewer['permissions'] = ['list-indent', 'detail-indent', 'add-indent', 'edit-indent'];
const owner: Viewer = { ...anyOwner, permissions: indentPermissions };
const staff: Viewer = { ...anyStaff, permissions: indentPermissions };
const scope = (viewer: Viewer, action: 'list' | 'read') => ruleOrForbidden(viewer, 'indent', action);

describe('indent statements', () => {
  it('are the ones reviewed', async () => {
    const q = { page: 1, pageSize: 25 as const, search: 'pune' };
    await expectReviewed('indents', [
      ['indents (owner, open, searched)', indentListStatement(db, scope(owner, 'list'), { ...q, status: 'open' }).getSQL()],
      ['indents (staff, contract 3)', indentListStatement(db, scope(staff, 'list'), { page: 1, pageSize: 25, contractId: 3 }).getSQL()],
      ['indent 5 (staff)', indentInScopeStatement(db, 5, scope(staff, 'read')).getSQL()],
    ]);
  });
});
