import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { reviewDb } from '../test/review-specs.ts';
import { trackingSettingsRowsQuery } from './tracking-settings.repository.ts';

describe('tracking settings repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('tracking-settings', [['rows of shippers 7 and 8', trackingSettingsRowsQuery(reviewDb, [7, 8]).getSQL()]]);
  });
});
