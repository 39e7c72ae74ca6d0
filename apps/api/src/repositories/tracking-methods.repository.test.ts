import type { Permission } from '@freightdesk/shared/permissions';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { carrier, expectReviewed, owner, staff } from '../test/review-sql.ts';
import { lockOrderQuery, notifyRoutesStatement } from './tracking-methods.repository.ts';
import { orderScope } from './tracking-trips.repository.ts';

/** A database that only builds statements (nothing runs). */
const db = drizzle.mock() as unknown as Db;
const shipper = { ...owner, permissions: ['list-outbound-order'] as Permission[] };
const staffer = { ...staff, permissions: ['list-outbound-order'] as Permission[] };

/** The tracking method's statements, reviewed in queries/tracking-methods.sql (test/review-sql.ts). */
describe('tracking methods repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('tracking-methods', [
      [
        'lockOrder (owner, change, outbound, order 5)',
        lockOrderQuery(db, 5, orderScope({ viewer: shipper, action: 'change', direction: 1 })).getSQL(),
      ],
      [
        'lockOrder (staff with plants 21, 22 and unit 5, change, outbound, order 5)',
        lockOrderQuery(db, 5, orderScope({ viewer: staffer, action: 'change', direction: 1 })).getSQL(),
      ],
      ['lockOrder (carrier 9, change, order 5)', lockOrderQuery(db, 5, orderScope({ viewer: carrier, action: 'change' })).getSQL()],
      ['notifyRoutes (two identifiers)', notifyRoutesStatement(['359710049012345', 'a1b2c3'])],
    ]);
  });
});
