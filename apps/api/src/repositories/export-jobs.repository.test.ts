import { describe, it } from 'vitest';
import { expectReviewed, owner, staff } from '../test/review-sql.ts';
import { reviewDb } from '../test/review-specs.ts';
import { userExportJobQuery, userExportJobsQuery } from './export-jobs.repository.ts';

describe('export jobs repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('export-jobs', [
      ['one export (owner, user 10, export 3)', userExportJobQuery(reviewDb, owner.id, 3).getSQL()],
      ['recent exports (staff, user 11)', userExportJobsQuery(reviewDb, staff.id).getSQL()],
    ]);
  });
});
