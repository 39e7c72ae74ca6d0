import { describe, it } from 'vitest';
import { expectReviewed, owner } from '../test/review-sql.ts';
import { optionsStatement, resourceStatement } from '../test/review-specs.ts';
import { routeMasterOptions, routeMasterSpec } from './route-masters.repository.ts';

describe('route masters repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('route-masters', [
      ['options (owner)', optionsStatement(routeMasterOptions, owner)],
      ['rows (shipper 7)', resourceStatement(routeMasterSpec, 7)],
    ]);
  });
});
