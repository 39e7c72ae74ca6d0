import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { indentsFor } from '../lib/policy.ts';
import type { Viewer } from '../lib/policy-scope.ts';
import { carrier, expectReviewed, owner as anyOwner, staff as anyStaff } from '../test/review-sql.ts';
import { indentWithLaneStatement } from './indent-changes.repository.ts';
import { carrierIndentListStatement, carrierTurnStatement } from './indent-carrier.repository.ts';
import { laneListStatement, viewerLaneStatement } from './indent-lanes.repository.ts';
import { indentInScopeStatement, indentListStatement } from './indents.repository.ts';

/** A database that only builds statements (never connected). */
const db: Db = drizzle.mock();
/** The review's owner and staff user, holding the indent permissions. */
const indentPermissions: Viewer['permissions'] = ['list-indent', 'detail-indent', 'add-indent', 'edit-indent'];
const owner: Viewer = { ...anyOwner, permissions: indentPermissions };
const staff: Viewer = { ...anyStaff, permissions: indentPermissions };
const scope = (viewer: Viewer, action: 'list' | 'read' | 'change') => indentsFor(viewer, action) ?? sql`false`;

describe('indent statements', () => {
  it('are the ones reviewed', async () => {
    const q = { page: 1, pageSize: 25 as const, search: 'pune' };
    await expectReviewed('indents', [
      ['contracted lanes (owner, searched, plant 21)', laneListStatement(db, owner, { ...q, plantId: 21 }).getSQL()],
      ['contracted lanes (staff)', laneListStatement(db, staff, q).getSQL()],
      ['lane 4 for an indent (staff)', viewerLaneStatement(db, staff, 4).getSQL()],
      ['indents (owner, open, searched)', indentListStatement(db, scope(owner, 'list'), { ...q, status: 'open' }).getSQL()],
      ['indents (staff, contract 3)', indentListStatement(db, scope(staff, 'list'), { page: 1, pageSize: 25, contractId: 3 }).getSQL()],
      ['indent 5 (staff)', indentInScopeStatement(db, 5, scope(staff, 'read')).getSQL()],
      ['indent 5 with its lane (owner, change)', indentWithLaneStatement(db, 5, scope(owner, 'change')).getSQL()],
      ['carrier 9’s turns (pending, searched)', carrierIndentListStatement(db, carrier.carrierId ?? 0, { ...q, pending: true }).getSQL()],
      ['carrier 9’s latest turn on indent 5', carrierTurnStatement(db, carrier.carrierId ?? 0, 5).getSQL()],
    ]);
  });
});
