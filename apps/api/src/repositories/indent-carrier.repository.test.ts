import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { carrier, expectReviewed } from '../test/review-sql.ts';
import { carrierIndentListStatement, carrierTurnStatement } from './indent-carrier.repository.ts';

/** A database that only builds statements (never connected). */
const db: Db = drizzle.mock();

describe('carrier indent statements', () => {
  it('are the ones reviewed', async () => {
    const carrierId = carrier.carrierId ?? 0;
    await expectReviewed('indent-carrier', [
      [
        'carrier 9’s turns (pending, searched)',
        carrierIndentListStatement(db, carrierId, { page: 1, pageSize: 25, search: 'pune', pending: true }).getSQL(),
      ],
      ['carrier 9’s latest turn on indent 5', carrierTurnStatement(db, carrierId, 5).getSQL()],
    ]);
  });
});
