import { describe, it } from 'vitest';
import { admin, expectReviewed } from '../test/review-sql.ts';
import { optionsStatement, resourceStatement, reviewDb } from '../test/review-specs.ts';
import {
  activeCitiesQuery,
  activeStatesQuery,
  citySpec,
  countryOptions,
  countrySpec,
  stateOptions,
  stateSpec,
} from './geography.repository.ts';

describe('geography repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('geography', [
      ['country options (platform admin)', optionsStatement(countryOptions, admin)],
      ['state options (platform admin)', optionsStatement(stateOptions, admin)],
      ['countries', resourceStatement(countrySpec, 0)],
      ['states', resourceStatement(stateSpec, 0)],
      ['cities', resourceStatement(citySpec, 0)],
      ['active states of country 1', activeStatesQuery(reviewDb, 1).getSQL()],
      ['active cities of state 3', activeCitiesQuery(reviewDb, 3).getSQL()],
    ]);
  });
});
