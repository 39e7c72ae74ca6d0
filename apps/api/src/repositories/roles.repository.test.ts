import { describe, it } from 'vitest';
import { expectReviewed, owner } from '../test/review-sql.ts';
import { optionsStatement, resourceStatement } from '../test/review-specs.ts';
import { roleOptions, roleSpec } from './roles.repository.ts';

describe('roles repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('roles', [
      ['options (owner)', optionsStatement(roleOptions, owner)],
      ['rows (shipper 7)', resourceStatement(roleSpec, 7)],
    ]);
  });
});
