import { describe, it } from 'vitest';
import { expectReviewed, owner, staff } from '../test/review-sql.ts';
import { optionsStatement, resourceStatement } from '../test/review-specs.ts';
import { businessUnitOptions, businessUnitRestriction, businessUnitSpec } from './business-units.repository.ts';

describe('business units repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('business-units', [
      ['options (owner)', optionsStatement(businessUnitOptions, owner)],
      ['options (staff with unit 5)', optionsStatement(businessUnitOptions, staff)],
      ['rows (owner)', resourceStatement(businessUnitSpec, 7)],
      ['rows (staff with unit 5)', resourceStatement(businessUnitSpec, 7, businessUnitRestriction(staff))],
    ]);
  });
});
