import { and, sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import type { AuthUser } from '../lib/access.ts';
import type { Viewer } from '../lib/policy-scope.ts';
import { expectReviewed, owner, staff } from '../test/review-sql.ts';
import { carrierGroupOptions } from './carrier-groups.repository.ts';

const asUser = (viewer: Viewer): AuthUser => ({
  ...viewer,
  sessionId: 1,
  name: 'Reviewer',
  email: 'reviewer@example.com',
  mobile: null,
  profilePicture: null,
  industryName: null,
  roleName: null,
});
const offered = (user: AuthUser) => and(carrierGroupOptions.scope(user), carrierGroupOptions.offered) ?? sql`true`;

describe('carrier group statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('carrier-groups', [
      ['carrier group picker (owner)', offered(asUser(owner))],
      ['carrier group picker (staff)', offered(asUser(staff))],
    ]);
  });
});
