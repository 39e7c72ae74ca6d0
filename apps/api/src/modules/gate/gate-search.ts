import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { GateOtherDayRow, GateOtherDaysQuery } from '@freightdesk/shared/schemas/gate-board';
import type { Db } from '../../db/client.ts';
import { indiaToday } from '../../lib/india-time.ts';
import { pageWindow } from '../../repositories/common/pagination.ts';
import type { Direction, Viewer } from '../../lib/policy.ts';
import { otherDaysRows } from '../../repositories/gate-board.repository.ts';
import { boardPlant, dayWindow, toGateRows } from './gate-board.ts';

/**
 * The guard's search beyond the day's board (issue 38): a truck due in three days that arrives
 * early is found by its number. The plant's vehicles not out of the gate yet that the board of
 * `day` does not list (due later: every one due earlier is on it), matching the search, earliest
 * pickup first, page by page, each with its India day. The plant is one the user may open (the
 * policy's plant rule, else 404); the orders those the policy lets the user read (tenant,
 * direction, plants).
 */
export async function gateOtherDays(
  db: Db,
  user: Viewer,
  direction: Direction,
  q: GateOtherDaysQuery,
  now = new Date(),
): Promise<ListResponse<GateOtherDayRow>> {
  const { plant } = await boardPlant(db, user, direction, q.plantId);
  const window = dayWindow(q.day ?? indiaToday(now), now);
  const { raw, total } = await otherDaysRows(db, user, direction, { plantId: plant.id, window, search: q.search }, pageWindow(q));
  const rows = await toGateRows(db, raw, direction, now, user.industryId ?? 0);
  return {
    data: rows.map((r) => ({ ...r, day: indiaToday(new Date(r.pickupAt)) })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
