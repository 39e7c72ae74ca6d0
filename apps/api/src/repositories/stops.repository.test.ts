import { describe, it } from 'vitest';
import { expectReviewed, owner } from '../test/review-sql.ts';
import { optionsStatement, resourceStatement } from '../test/review-specs.ts';
import { stopOptions, stopSpec } from './stops.repository.ts';

describe('stops repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('stops', [
      ['options (owner)', optionsStatement(stopOptions, owner)],
      ['rows (shipper 7)', resourceStatement(stopSpec, 7)],
    ]);
  });
});
