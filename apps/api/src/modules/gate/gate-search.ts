import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import { type GateOtherDayRow, type GateOtherDaysQuery, normaliseVehicleNumber } from '@freightdesk/shared/schemas/execution';
import type { Db } from '../../db/client.ts';
import { orders as o } from '../../db/schema/orders.ts';
import { carriers } from '../../db/schema/tenancy.ts';
import { indiaToday } from '../../lib/india-time.ts';
import { likePattern, pageWindow } from '../../lib/pagination.ts';
import type { Direction, Viewer } from '../../lib/policy.ts';
import { boardPlant, countGateRows, dayWindow, dueAfterBoard, gateRowsFrom, toGateRows } from './gate-board.ts';

/** The guard's text as SQL: a vehicle number in any spacing or case, an order number, a carrier. */
function searchRule(search: string): SQL {
  const vehicle = normaliseVehicleNumber(search);
  return or(
    vehicle ? ilike(o.vehicleNumber, likePattern(vehicle)) : undefined,
    ilike(o.number, likePattern(search)),
    ilike(carriers.name, likePattern(search)),
  ) as SQL;
}

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
  const where = and(eq(o.plantId, plant.id), dueAfterBoard(dayWindow(q.day ?? indiaToday(now), now)), searchRule(q.search)) as SQL;
  const { limit, offset } = pageWindow(q);
  const [raw, total] = await Promise.all([
    gateRowsFrom(db, user, direction, where).orderBy(asc(o.pickupAt), asc(o.id)).limit(limit).offset(offset),
    countGateRows(db, user, direction, where),
  ]);
  const rows = await toGateRows(db, raw, direction, now);
  return {
    data: rows.map((r) => ({ ...r, day: indiaToday(new Date(r.pickupAt)) })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
