import { and, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import type { AuthUser } from '../lib/access.ts';
import { expectReviewed, owner, staff } from '../test/review-sql.ts';
import { addressOptions } from './parties.repository.ts';
import { clientContactRows } from './party-contacts.repository.ts';

/** A database that only builds statements (never connected). */
const db: Db = drizzle.mock();
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
    const q = { page: 1, pageSize: 25 as const, search: 'mehta', sort: 'company' };
    await expectReviewed('parties', [
      ['client contacts (owner of shipper 7, searched, by company)', clientContactRows(db, owner.industryId ?? 0, q).getSQL()],
      ['client address picker (owner)', offered('client', asUser(owner))],
      ['vendor address picker (staff)', offered('vendor', asUser(staff))],
    ]);
  });
});
