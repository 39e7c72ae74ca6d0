import { sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.ts';
import type { StoredDevice } from './ingest-ceiling.ts';
import type { LoadResult } from './ingest-load.ts';
import type { Fleet } from './tracking-fleet.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Every acknowledged position must be stored: per device, the rows in `positions` equal its 200s
 * (each fix time is sent until it is acknowledged, so none is counted twice) and its newest row is
 * its last acknowledged fix. Also answers the writer's mean batch (rows sharing a transaction id)
 * and the devices as stored, for the ceiling.
 */
export async function checkStored(db: Db, fleet: Fleet, result: LoadResult) {
  const devices = rowsOf<{ id: number; order_id: number; n: number; newest: string | Date | null }>(
    await db.execute(sql`
      select d.id, o.order_id, count(p.*)::int as n, max(p.fix_time) as newest
      from tracking_devices d join order_tracking o on o.device_id = d.id left join positions p on p.device_id = d.id
      where d.name like 'BENCH-PHONE-%'
      group by d.id, o.order_id`),
  );
  // A device's identifier is kept only as its hash: the trips are matched by their order.
  const byIdentifier = new Map(devices.map((d) => [fleet.trips.find((t) => t.orderId === Number(d.order_id))?.identifier ?? '', d]));
  let short = 0;
  let extra = 0;
  let wrongLast = 0;
  let stored = 0;
  fleet.trips.forEach((trip, i) => {
    const row = byIdentifier.get(trip.identifier);
    const acked = result.acked[i] ?? 0;
    const n = row?.n ?? 0;
    stored += n;
    short += Math.max(0, acked - n);
    extra += Math.max(0, n - acked);
    if (acked && new Date(row?.newest ?? 0).getTime() !== result.lastFix[i]) {
      wrongLast++;
    }
  });
  const acked = result.acked.reduce((a, b) => a + b, 0);
  const [batches] = rowsOf<{ transactions: number; rows: number; largest: number }>(
    await db.execute(sql`
      select count(*)::int as transactions, coalesce(sum(n), 0)::int as rows, coalesce(max(n), 0)::int as largest
      from (select xmin::text, count(*) as n from positions where source = 'osmand' group by xmin::text) x`),
  );
  const [moved] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from tracking_last_positions t
      join order_tracking o on o.order_id = t.order_id join tracking_devices d on d.id = o.device_id
      where d.name like 'BENCH-PHONE-%' and t.fix_time = (select max(fix_time) from positions p where p.device_id = d.id)`),
  );
  const meanBatch = batches?.transactions ? batches.rows / batches.transactions : 1;
  const problems = [
    devices.length !== fleet.trips.length ? `${devices.length} devices stored for ${fleet.trips.length}` : '',
    short ? `${short} acknowledged positions missing` : '',
    extra ? `${extra} positions stored that were not acknowledged` : '',
    wrongLast ? `${wrongLast} devices whose newest row is not their last acknowledged fix` : '',
    moved?.n !== fleet.trips.length ? `${moved?.n} of ${fleet.trips.length} orders' last positions are their newest fix` : '',
  ].filter(Boolean);
  const stores: StoredDevice[] = fleet.trips.map((trip) => ({
    deviceId: byIdentifier.get(trip.identifier)?.id ?? 0,
    orderId: trip.orderId,
    industryId: fleet.industryId,
  }));
  return {
    problems,
    devices: stores,
    meanBatch,
    summary:
      `${stored} rows for ${acked} acknowledged positions, device by device; every order's last position is its newest fix; ` +
      `${batches?.transactions} transactions, ${meanBatch.toFixed(0)} rows on average, ${batches?.largest} at most`,
  };
}
