import { describe, it } from 'vitest';
import { admin, carrier, expectReviewed, owner, staff } from '../test/review-sql.ts';
import { reviewDb } from '../test/review-specs.ts';
import { factorVersionCountQuery, factorVersionPageQuery, versionInForceStatement } from './emissions.repository.ts';
import { emissionInputsStatement, stopPointsStatement, trackedKmStatement, unfiguredStatement } from './order-emissions.repository.ts';

describe('emissions repositories', () => {
  it('builds the statements reviewed', async () => {
    const q = { page: 2, pageSize: 25 as const, search: 'FY27' };
    await expectReviewed('emissions', [
      ['factor versions (owner of shipper 7)', factorVersionPageQuery(reviewDb, owner, q).getSQL()],
      ['factor versions (staff)', factorVersionPageQuery(reviewDb, staff, q).getSQL()],
      ['factor versions (platform admin: the defaults)', factorVersionPageQuery(reviewDb, admin, q).getSQL()],
      ['factor versions (carrier: none)', factorVersionPageQuery(reviewDb, carrier, q).getSQL()],
      ['factor versions counted (owner)', factorVersionCountQuery(reviewDb, owner, q).getSQL()],
      ['version in force (shipper 7 on a day)', versionInForceStatement(7, '2026-12-06')],
      ['emission inputs (orders 3, 4)', emissionInputsStatement([3, 4])],
      ['stop points', stopPointsStatement([3, 4])],
      ['tracked km', trackedKmStatement([3, 4])],
      ['finished loads without a figure', unfiguredStatement(200)],
    ]);
  });
});
