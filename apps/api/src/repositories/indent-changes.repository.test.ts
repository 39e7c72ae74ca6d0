import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { ruleOrForbidden } from '../lib/policy-require.ts';
import type { Viewer } from '../lib/policy-scope.ts';
import { expectReviewed, owner as anyOwner, staff as anyStaff } from '../test/review-sql.ts';
import { indentWithLaneStatement } from './indent-changes.repository.ts';

/** A database that only builds statements (never connected). */
const db: Db = drizzle.mock();
/** The review's owner and staff user, holding the indent permissions. */
const indentPermissions: Viewer['permissions'] = ['list-indent', 'detail-indent', 'add-indent', 'edit-indent'];
const owner: Viewer = { ...anyOwner, permissions: indentPermissions };
const staff: Viewer = { ...anyStaff, permissions: indentPermissions };

describe('indent change statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('indent-changes', [
      ['indent 5 with its lane (owner, read)', indentWithLaneStatement(db, 5, ruleOrForbidden(owner, 'indent', 'read')).getSQL()],
      ['indent 5 with its lane (staff, read)', indentWithLaneStatement(db, 5, ruleOrForbidden(staff, 'indent', 'read')).getSQL()],
    ]);
  });
});
