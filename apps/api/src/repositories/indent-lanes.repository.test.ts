import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { expectReviewed, owner, staff } from '../test/review-sql.ts';
import { laneListStatement, viewerLaneStatement } from './indent-lanes.repository.ts';

/** A database that only builds statements (never connected). */
const db: Db = drizzle.mock();

describe('indent lane statements', () => {
  it('are the ones reviewed', async () => {
    const q = { page: 1, pageSize: 25 as const, search: 'pune' };
    await expectReviewed('indent-lanes', [
      ['contracted lanes (owner, searched, plant 21)', laneListStatement(db, owner, { ...q, plantId: 21 }).getSQL()],
      ['contracted lanes (staff)', laneListStatement(db, staff, q).getSQL()],
      ['lane 4 for an indent (staff)', viewerLaneStatement(db, staff, 4).getSQL()],
    ]);
  });
});
