import { describe, it } from 'vitest';
import { expectReviewed, owner } from '../test/review-sql.ts';
import { optionsStatement, resourceStatement } from '../test/review-specs.ts';
import {
  packageOptions,
  packageSpec,
  productOptions,
  productSpec,
  vehicleTypeOptions,
  vehicleTypeSpec,
} from './settings-catalogue.repository.ts';

describe('settings catalogue repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('settings-catalogue', [
      ['product options (owner)', optionsStatement(productOptions, owner)],
      ['package options (owner)', optionsStatement(packageOptions, owner)],
      ['vehicle type options (owner)', optionsStatement(vehicleTypeOptions, owner)],
      ['products (shipper 7)', resourceStatement(productSpec, 7)],
      ['packages (shipper 7)', resourceStatement(packageSpec, 7)],
      ['vehicle types (shipper 7)', resourceStatement(vehicleTypeSpec, 7)],
    ]);
  });
});
