import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { expectReviewed } from '../test/review-sql.ts';
import {
  carrierUsersQuery,
  expiringDocumentsStatement,
  orderLicencesQuery,
  orderRegisterKeysQuery,
  registerChecksQuery,
  verificationRulesQuery,
} from './register-checks.repository.ts';

/** A database that only builds statements (nothing runs). */
const db = drizzle.mock() as unknown as Db;

/**
 * Verified vehicles' statements, reviewed in queries/register-checks.sql (test/review-sql.ts): the
 * registers' answers are read by number for orders found in the caller's scope first; the rules
 * by the caller's shipper; the daily notices over active orders only.
 */
describe('register checks repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('register-checks', [
      ['registerChecks (vehicles)', registerChecksQuery(db, 'vehicle', ['MH12AB1234', 'MH12FX4321']).getSQL()],
      ['orderRegisterKeys (order 5)', orderRegisterKeysQuery(db, 5).getSQL()],
      ['orderLicences (orders 5, 6)', orderLicencesQuery(db, [5, 6]).getSQL()],
      ['verificationRules (shipper 3)', verificationRulesQuery(db, 3).getSQL()],
      ['expiringDocuments (a 15-day window)', expiringDocumentsStatement('2026-12-06', '2026-12-21')],
      ['carrierUsers (carrier 4)', carrierUsersQuery(db, 4).getSQL()],
    ]);
  });
});
