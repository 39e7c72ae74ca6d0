import { drizzle } from 'drizzle-orm/pglite';
import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { allGstRates, gstRateOnQuery } from './gst-rates.repository.ts';

const db = drizzle.mock();

describe('GST rate statements (platform data: the same rates for every shipper)', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('gst-rates', [
      ['the fcm_itc rate in force on 2026-12-05', gstRateOnQuery(db, 'fcm_itc', '2026-12-05').getSQL()],
      ['every rate', allGstRates(db).getSQL()],
    ]);
  });
});
