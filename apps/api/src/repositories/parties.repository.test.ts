import { and, sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import type { AuthUser } from '../lib/access.ts';
import { expectReviewed, owner, staff } from '../test/review-sql.ts';
import { addressOptions } from './parties.repository.ts';

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
const offered = (kind: 'client' | 'vendor', user: AuthUser) => {
  const spec = addressOptions(kind);
  return and(spec.scope(user), spec.offered) ?? sql`true`;
};

describe('party statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('parties', [
      ['client address picker (owner)', offered('client', asUser(owner))],
      ['client address picker (staff)', offered('client', asUser(staff))],
      ['vendor address picker (staff)', offered('vendor', asUser(staff))],
    ]);
  });
});
