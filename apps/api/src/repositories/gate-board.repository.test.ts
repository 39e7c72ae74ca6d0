import { describe, it } from 'vitest';
import { ownerAll as owner, staffAll as staff, statementDb as db } from '../test/review-order-viewers.ts';
import { expectReviewed } from '../test/review-sql.ts';
import {
  type BoardWindow,
  boardPlantQuery,
  boardPlantsQuery,
  boardRowsQuery,
  otherDaysCountQuery,
  otherDaysRowsQuery,
} from './gate-board.repository.ts';

const window: BoardWindow = {
  start: new Date('2026-12-04T18:30:00Z'),
  end: new Date('2026-12-05T18:30:00Z'),
  dueBy: new Date('2026-12-05T20:00:00Z'),
};
const find = { plantId: 21, window, search: 'mh 12' };
const page = { limit: 25, offset: 0 };

describe('gate board statements', () => {
  it('are the ones reviewed', async () => {
    await expectReviewed('gate-board', [
      ['boardPlants (owner, outbound)', boardPlantsQuery(db, owner, 1).getSQL()],
      ['boardPlants (staff with plants 21, 22 and unit 5, inbound)', boardPlantsQuery(db, staff, 2).getSQL()],
      ['boardPlant (staff, outbound, plant 21)', boardPlantQuery(db, staff, 1, 21).getSQL()],
      ['boardRows (owner, outbound, plant 21)', boardRowsQuery(db, owner, 1, 21, window, 2000).getSQL()],
      ['boardRows (staff, inbound, plant 21)', boardRowsQuery(db, staff, 2, 21, window, 2000).getSQL()],
      ['otherDaysRows (staff, outbound, plant 21, "mh 12")', otherDaysRowsQuery(db, staff, 1, find, page).getSQL()],
      ['otherDaysCount (staff, outbound, plant 21, "mh 12")', otherDaysCountQuery(db, staff, 1, find).getSQL()],
    ]);
  });
});
