import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { expectReviewed, owner } from '../test/review-sql.ts';
import { clientContactRows } from './party-contacts.repository.ts';

/** A database that only builds statements (never connected). */
const db: Db = drizzle.mock();

describe('client contact statements', () => {
  it('are the ones reviewed', async () => {
    const q = { page: 1, pageSize: 25 as const, search: 'mehta', sort: 'company' };
    await expectReviewed('party-contacts', [
      ['client contacts (owner of shipper 7, searched, by company)', clientContactRows(db, owner.industryId ?? 0, q).getSQL()],
      ['client contacts (owner of shipper 7, all)', clientContactRows(db, owner.industryId ?? 0, { page: 1, pageSize: 25 }).getSQL()],
    ]);
  });
});
