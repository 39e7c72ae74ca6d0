import type { Permission } from '@freightdesk/shared/permissions';
import { describe, expect, it } from 'vitest';
import { carrier, expectReviewed, owner, staff, toQuery } from '../test/review-sql.ts';
import { laneTransitStatement, orderInReachStatement } from './tracking-trips.repository.ts';

const shipper = { ...owner, permissions: ['list-outbound-order', 'list-inbound-order'] as Permission[] };
const staffer = { ...staff, permissions: ['list-outbound-order'] as Permission[] };

/** The trip's statements, reviewed in queries/tracking-trips.sql (test/review-sql.ts). */
describe('tracking trips repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('tracking-trips', [
      [
        'orderInReach (owner with both order lists, read, outbound, order 5)',
        orderInReachStatement({ viewer: shipper, action: 'read', direction: 1 }, 5),
      ],
      [
        'orderInReach (staff with plants 21, 22 and unit 5, read, outbound, order 5)',
        orderInReachStatement({ viewer: staffer, action: 'read', direction: 1 }, 5),
      ],
      [
        'orderInReach (staff without the inbound list, read, inbound, order 5)',
        orderInReachStatement({ viewer: staffer, action: 'read', direction: 2 }, 5),
      ],
      ['orderInReach (carrier 9, read, order 5)', orderInReachStatement({ viewer: carrier, action: 'read' }, 5)],
      ['orderInReach (carrier 9, change, order 5)', orderInReachStatement({ viewer: carrier, action: 'change' }, 5)],
      ['laneTransit (orders 5, 6)', laneTransitStatement([5, 6])],
    ]);
  });
  it('scopes a staff user to their plants and a carrier to its own orders', () => {
    const s = toQuery(orderInReachStatement({ viewer: staffer, action: 'read', direction: 1 }, 5));
    expect(s.params).toEqual(expect.arrayContaining([7, 21, 22, 5]));
    const c = toQuery(orderInReachStatement({ viewer: carrier, action: 'read' }, 5));
    expect(c.sql).toContain('"orders"."carrier_id" = $');
    expect(c.params).toContain(9);
  });
  it('admits nothing where the policy admits nothing', () => {
    expect(toQuery(orderInReachStatement({ viewer: owner, action: 'read', direction: 1 }, 5)).sql).toMatch(/and false\)?$/);
  });
});
