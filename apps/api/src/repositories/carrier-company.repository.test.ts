import { drizzle } from 'drizzle-orm/pglite';
import { and, sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import type { AuthUser } from '../lib/access.ts';
import type { Db } from '../db/client.ts';
import { carrier, expectReviewed } from '../test/review-sql.ts';
import { carrierCompanyStatement, carrierShipperOptions } from './carrier-company.repository.ts';

/** A database that only builds statements (never connected). */
const db: Db = drizzle.mock();
const carrierUser: AuthUser = {
  ...carrier,
  sessionId: 1,
  name: 'Reviewer',
  email: 'reviewer@example.com',
  mobile: null,
  profilePicture: null,
  industryName: null,
  roleName: null,
};

describe('carrier company statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('carrier-company', [
      ['carrierCompany (carrier 9’s own profile)', carrierCompanyStatement(db, carrier.carrierId ?? 0).getSQL()],
      [
        'shipper picker (carrier 9): its links, offered when active',
        and(carrierShipperOptions.scope(carrierUser), carrierShipperOptions.offered) ?? sql`true`,
      ],
    ]);
  });
});
