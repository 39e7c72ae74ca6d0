import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { linkByTokenQuery, linksOfOrderQuery } from './tracking-links.repository.ts';

/** A database that only builds statements (nothing runs). */
const db = drizzle.mock() as unknown as Db;

/**
 * The public links' statements, reviewed in queries/tracking-links.sql (test/review-sql.ts): an
 * order's links are read once the order was found in the viewer's scope; the public page by the
 * token's hash alone.
 */
describe('tracking links repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('tracking-links', [
      ['linksOfOrder (order 5)', linksOfOrderQuery(db, 5).getSQL()],
      ['linkByToken (a hash)', linkByTokenQuery(db, 'c2hhMjU2').getSQL()],
    ]);
  });
});
