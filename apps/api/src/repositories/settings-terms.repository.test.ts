import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { resourceStatement } from '../test/review-specs.ts';
import { bidVisibilitySpec, paymentSettingSpec } from './settings-terms.repository.ts';

describe('settings terms repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('settings-terms', [
      ['bid visibility (shipper 7)', resourceStatement(bidVisibilitySpec, 7)],
      ['payment settings (shipper 7)', resourceStatement(paymentSettingSpec, 7)],
    ]);
  });
});
