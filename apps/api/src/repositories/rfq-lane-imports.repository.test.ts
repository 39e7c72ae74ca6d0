import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { expectReviewed, owner, staff } from '../test/review-sql.ts';
import { plantsNamedStatement } from './rfq-lane-imports.repository.ts';

/** A database that only builds statements (never connected). */
const db: Db = drizzle.mock();

describe('RFQ lane sheet statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('rfq-lane-imports', [
      ['lane sheet plants (owner)', plantsNamedStatement(db, 7, owner, ['pune plant', 'pn1']).getSQL()],
      ['lane sheet plants (staff)', plantsNamedStatement(db, 7, staff, ['pune plant', 'pn1']).getSQL()],
    ]);
  });
});
