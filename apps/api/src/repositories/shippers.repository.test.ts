import { describe, it } from 'vitest';
import { admin, expectReviewed } from '../test/review-sql.ts';
import { optionsStatement, resourceStatement } from '../test/review-specs.ts';
import { shipperOptions, shipperSpec } from './shippers.repository.ts';

describe('shippers repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('shippers', [
      ['options (platform admin)', optionsStatement(shipperOptions, admin)],
      ['rows (platform admin)', resourceStatement(shipperSpec, 0)],
    ]);
  });
});
