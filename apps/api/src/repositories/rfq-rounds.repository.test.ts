import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { ruleOrForbidden } from '../lib/policy-require.ts';
import { carrier, expectReviewed } from '../test/review-sql.ts';
import { rfqForCarrierStatement } from './rfq-rounds.repository.ts';

/** A database that only builds statements (never connected). */
const db: Db = drizzle.mock();

describe('RFQ round statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('rfq-rounds', [
      ['RFQ 3 for carrier 9’s quotes, locked', rfqForCarrierStatement(db, 3, ruleOrForbidden(carrier, 'rfq', 'read'), 9).getSQL()],
    ]);
  });
});
