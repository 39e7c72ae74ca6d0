import { sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { AGE_DAYS, DUE, OVERDUE } from './invoice-dues.repository.ts';

describe('the invoice due measures', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('invoice-dues', [
      ['due', sql`select ${DUE}`],
      ['overdue', sql`select ${OVERDUE}`],
      ['age in days', sql`select ${AGE_DAYS}`],
    ]);
  });
});
