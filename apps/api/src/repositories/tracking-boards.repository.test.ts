import type { Permission } from '@freightdesk/shared/permissions';
import type { BoardQuery } from '@freightdesk/shared/schemas/tracking';
import { describe, expect, it } from 'vitest';
import { expectReviewed, owner, staff, toQuery } from '../test/review-sql.ts';
import { activeVehiclesStatement, boardCountsStatement, boardRowsStatement } from './tracking-boards.repository.ts';

const shipper = { ...owner, permissions: ['list-outbound-order', 'list-inbound-order'] as Permission[] };
const staffer = { ...staff, permissions: ['list-outbound-order'] as Permission[] };
const plain: BoardQuery = { tab: 'in-transit', page: 1, pageSize: 25 };
const filtered: BoardQuery = {
  tab: 'delayed',
  page: 2,
  pageSize: 25,
  plantId: 21,
  carrierLinkId: 3,
  method: 'device',
  pickupFrom: '2026-12-01',
  pickupTo: '2026-12-05',
  search: 'MH12',
};

/** The boards' and the map's statements, reviewed in queries/tracking-boards.sql (test/review-sql.ts). */
describe('tracking boards repository', () => {
  it('builds the statements reviewed', async () => {
    await expectReviewed('tracking-boards', [
      ['boardCounts (owner, outbound)', boardCountsStatement({ viewer: shipper, action: 'read', direction: 1 }, plain)],
      ['boardRows (owner, outbound, in transit)', boardRowsStatement({ viewer: shipper, action: 'read', direction: 1 }, plain)],
      [
        'boardCounts (staff with plants 21, 22 and unit 5, outbound, every filter)',
        boardCountsStatement({ viewer: staffer, action: 'read', direction: 1 }, filtered),
      ],
      [
        'boardRows (staff with plants 21, 22 and unit 5, outbound, delayed, every filter)',
        boardRowsStatement({ viewer: staffer, action: 'read', direction: 1 }, filtered),
      ],
      ['activeVehicles (owner)', activeVehiclesStatement({ viewer: shipper, action: 'read' }, 5000)],
      ['activeVehicles (staff with plants 21, 22 and unit 5)', activeVehiclesStatement({ viewer: staffer, action: 'read' }, 5000)],
    ]);
  });
  it('keeps a staff user to their plants on the counts, the rows and the map alike', () => {
    for (const s of [
      boardCountsStatement({ viewer: staffer, action: 'read', direction: 1 }, plain),
      boardRowsStatement({ viewer: staffer, action: 'read', direction: 1 }, plain),
      activeVehiclesStatement({ viewer: staffer, action: 'read' }, 5000),
    ]) {
      const q = toQuery(s);
      expect(q.sql).toMatch(/"orders"\."plant_id" in \(\$\d+, \$\d+\)/);
      expect(q.params).toEqual(expect.arrayContaining([7, 21, 22, 5]));
    }
  });
});
