import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { resourceStatement } from '../test/review-specs.ts';
import { deviceSpec, ownDevices } from './devices.repository.ts';

describe('devices repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('devices', [
      ['inventory (platform admin)', resourceStatement(deviceSpec, 0)],
      ['own devices (owner or staff of shipper 7)', resourceStatement(deviceSpec, 0, ownDevices(7))],
    ]);
  });
});
