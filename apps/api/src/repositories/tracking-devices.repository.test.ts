import type { Permission } from '@freightdesk/shared/permissions';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { carrier, expectReviewed, owner, staff, toQuery } from '../test/review-sql.ts';
import { deviceListQuery, deviceQuery } from './tracking-devices.repository.ts';

/** A database that only builds statements (nothing runs). */
const db = drizzle.mock() as unknown as Db;
const shipper = { ...owner, permissions: ['list-outbound-order', 'add-edit-delete'] as Permission[] };
const staffer = { ...staff, permissions: ['list-outbound-order'] as Permission[] };
const page = { page: 1, pageSize: 25 as const };

/** The tracking devices' statements, reviewed in queries/tracking-devices.sql (test/review-sql.ts). */
describe('tracking devices repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('tracking-devices', [
      ['deviceList (owner with the outbound list)', deviceListQuery(db, { viewer: shipper, action: 'list' }, page).getSQL()],
      [
        'deviceList (staff with plants 21, 22 and unit 5; active, search "K7QZ")',
        deviceListQuery(db, { viewer: staffer, action: 'list' }, { ...page, status: 'active', search: '…K7QZ' }).getSQL(),
      ],
      ['deviceList (carrier 9)', deviceListQuery(db, { viewer: carrier, action: 'list' }, page).getSQL()],
      ['device (owner, change, device 4)', deviceQuery(db, { viewer: shipper, action: 'change' }, 4).getSQL()],
      ['device (staff, read, device 4)', deviceQuery(db, { viewer: staffer, action: 'read' }, 4).getSQL()],
      ['device (carrier 9, read, device 4)', deviceQuery(db, { viewer: carrier, action: 'read' }, 4).getSQL()],
      ['device (just registered, device 4)', deviceQuery(db, 'registered', 4).getSQL()],
    ]);
  });
  it('keeps a carrier to its own devices and a shipper without the permission to none', () => {
    const c = toQuery(deviceQuery(db, { viewer: carrier, action: 'read' }, 4).getSQL());
    expect(c.sql).toContain('"tracking_devices"."carrier_id" = $');
    expect(c.params).toContain(9);
    expect(toQuery(deviceQuery(db, { viewer: owner, action: 'change' }, 4).getSQL()).sql).toContain('false');
  });
});
