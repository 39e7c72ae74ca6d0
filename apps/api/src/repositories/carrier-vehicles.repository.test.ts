import { describe, it } from 'vitest';
import { carrier, statementDb as db } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import { recentVehiclesQuery } from './carrier-vehicles.repository.ts';

describe('carrier-vehicles statements', () => {
  it('the carrier’s recent vehicles', async () => {
    const of = (q: ReturnType<typeof recentVehiclesQuery>) => {
      if (!q) {
        throw new Error('the carrier rule admits nothing');
      }
      return q.getSQL();
    };
    await expectReviewed('carrier-vehicles', [
      ['recentVehicles (carrier 9)', of(recentVehiclesQuery(db, carrier))],
      ['recentVehicles (carrier 9, "mh12")', of(recentVehiclesQuery(db, carrier, 'mh12'))],
    ]);
  });
});
