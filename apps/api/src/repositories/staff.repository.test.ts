import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { resourceStatement } from '../test/review-specs.ts';
import { staffSpec } from './staff.repository.ts';

describe('staff repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('staff', [['rows (shipper 7)', resourceStatement(staffSpec, 7)]]);
  });
});
