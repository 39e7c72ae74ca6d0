import { describe, it } from 'vitest';
import { expectReviewed, owner, staff } from '../test/review-sql.ts';
import { optionsStatement, resourceStatement } from '../test/review-specs.ts';
import { plantOptions, plantRestriction, plantSpec } from './plants.repository.ts';

describe('plants repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('plants', [
      ['options (owner)', optionsStatement(plantOptions, owner)],
      ['options (staff with plants 21, 22)', optionsStatement(plantOptions, staff)],
      ['rows (owner)', resourceStatement(plantSpec, 7, plantRestriction(owner))],
      ['rows (staff with plants 21, 22)', resourceStatement(plantSpec, 7, plantRestriction(staff))],
    ]);
  });
});
