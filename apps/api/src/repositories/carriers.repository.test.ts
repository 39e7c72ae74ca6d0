import { and, type SQL, sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import type { AuthUser } from '../lib/access.ts';
import type { OptionsSpec } from './common/options.ts';
import { expectReviewed, owner, staff } from '../test/review-sql.ts';
import { carrierOptions } from './carriers.repository.ts';

const asUser = (viewer: typeof owner): AuthUser => ({
  ...viewer,
  sessionId: 1,
  name: 'Reviewer',
  email: 'reviewer@example.com',
  mobile: null,
  profilePicture: null,
  industryName: null,
  roleName: null,
});

/** The rows a picker offers the user: its scope and what it offers. */
const offered = (spec: OptionsSpec, user: AuthUser): SQL => and(spec.scope(user), spec.offered) ?? sql`true`;

describe('carrier statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('carriers', [
      ['carrier picker (owner)', offered(carrierOptions, asUser(owner))],
      ['carrier picker (staff)', offered(carrierOptions, asUser(staff))],
    ]);
  });
});
