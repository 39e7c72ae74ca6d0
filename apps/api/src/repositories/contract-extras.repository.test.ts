import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { contractOrdersStatement } from './contract-extras.repository.ts';

/** A database that only builds statements (never connected). */
const db: Db = drizzle.mock();

/** The contract is read in the caller's scope first (contracts.repository.ts); its orders by its id. */
describe('contract extras statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('contract-extras', [
      ['orders of contract 4, page 1', contractOrdersStatement(db, 4, { page: 1, pageSize: 25 }).getSQL()],
    ]);
  });
});
