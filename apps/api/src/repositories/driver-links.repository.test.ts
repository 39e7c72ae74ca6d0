import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { driverLinkByTokenQuery, latestDriverLinkQuery, tripOrderStatement, tripStopsStatement } from './driver-links.repository.ts';

/** A database that only builds statements (nothing runs). */
const db = drizzle.mock() as unknown as Db;

/**
 * The driver's trip links' statements, reviewed in queries/driver-links.sql (test/review-sql.ts):
 * the carrier's side reads an order's link once the order was found in its scope; the driver's
 * page finds the link by the token's hash alone and reads that link's one order (no price).
 */
describe('driver links repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('driver-links', [
      ['latestDriverLink (order 5)', latestDriverLinkQuery(db, 5).getSQL()],
      ['driverLinkByToken (a hash)', driverLinkByTokenQuery(db, 'c2hhMjU2').getSQL()],
      ['tripOrder (order 5)', tripOrderStatement(5)],
      ['tripStops (order 5)', tripStopsStatement(5)],
    ]);
  });
});
