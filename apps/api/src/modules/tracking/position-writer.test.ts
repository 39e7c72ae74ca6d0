import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { type Procurement, setupProcurement } from '../../test/procurement.ts';
import { type TrackedOrder, trackedOrder } from '../../test/tracking.ts';
import { arrayColumns, arrayLiteral } from '../../lib/pg-array.ts';
import { type PositionRow, startingTrips, storePositions } from './position-store.ts';
import { createPositionWriter } from './position-writer.ts';
import { rowsOf } from '../../db/rows.ts';

const t = useTestApp();
let p: Procurement;
let orders: TrackedOrder[];
let industryId: number;
// One whole minute for the file: a check that reads at(n) again cannot cross a minute boundary.
const minute = Math.floor(Date.now() / 60_000) * 60_000;
const at = (minutesAgo: number) => new Date(minute - minutesAgo * 60_000);

function row(order: TrackedOrder, fixTime: Date, point: { latitude: number; longitude: number } | null): PositionRow {
  return {
    deviceId: null,
    orderId: order.id,
    industryId,
    trackingId: null,
    source: 'simulator',
    fixTime,
    receivedAt: new Date(),
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
    speedKmh: 40,
    bearing: null,
    altitude: null,
    accuracy: null,
    battery: null,
    valid: true,
    providerRef: `bench-${order.id}-${fixTime.getTime()}`,
    placeName: null,
    attributes: null,
    filtered: null,
    route: { requestType: 1, plantId: 1 },
  };
}

async function last(order: TrackedOrder) {
  const [found] = rowsOf<{ fix_time: Date | string; latitude: number; signal_at: Date | string }>(
    await t.database.db.execute(sql`select fix_time, latitude, signal_at from tracking_last_positions where order_id = ${order.id}`),
  );
  return (
    found && {
      fixTime: new Date(found.fix_time).toISOString(),
      latitude: found.latitude,
      signalAt: new Date(found.signal_at).toISOString(),
    }
  );
}

beforeAll(async () => {
  p = await setupProcurement(t);
  orders = [];
  for (let i = 0; i < 70; i++) {
    orders.push(await trackedOrder(t, p, `PW-PHONE-${i}`));
  }
  const [owner] = rowsOf<{ industry_id: number }>(
    await t.database.db.execute(sql`select industry_id from users where email = 'owner@demo.test'`),
  );
  industryId = owner?.industry_id ?? 0;
});

describe('the position writer: one statement per batch', () => {
  it('keeps each order’s newest fix and its newest report without a fix, in one batch or across batches', async () => {
    const [a, b, c] = orders as [TrackedOrder, TrackedOrder, TrackedOrder];
    await storePositions(t.database.db, [row(b, at(20), { latitude: 20, longitude: 73 }), row(c, at(20), { latitude: 21, longitude: 73 })]);
    await storePositions(t.database.db, [
      // a: a fix, then a newer report without one.
      row(a, at(30), { latitude: 19.5, longitude: 73 }),
      row(a, at(25), null),
      // b: a late fix (before its last) and a newer report without a fix.
      row(b, at(40), { latitude: 18, longitude: 73 }),
      row(b, at(10), null),
      // c: only a report without a fix.
      row(c, at(5), null),
    ]);
    expect(await last(a)).toEqual({ fixTime: at(30).toISOString(), latitude: 19.5, signalAt: at(25).toISOString() });
    expect(await last(b)).toEqual({ fixTime: at(20).toISOString(), latitude: 20, signalAt: at(10).toISOString() });
    expect(await last(c)).toEqual({ fixTime: at(20).toISOString(), latitude: 21, signalAt: at(5).toISOString() });
    // An older report without a fix never moves the signal back.
    await storePositions(t.database.db, [row(c, at(15), null)]);
    expect((await last(c))?.signalAt).toBe(at(5).toISOString());
    const [stored] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from positions where order_id in (${a.id}, ${b.id}, ${c.id})`),
    );
    expect(stored?.n).toBe(8);
  });

  it('starts a trip with its first position, and leaves trips known started out of the lookup', async () => {
    const order = orders[5] as TrackedOrder;
    const [tracking] = rowsOf<{ id: number; started_at: Date | string | null }>(
      await t.database.db.execute(sql`select id, started_at from order_tracking where order_id = ${order.id} and stopped_at is null`),
    );
    expect(tracking?.started_at).toBeNull();
    const trackingId = tracking?.id ?? 0;
    const writer = createPositionWriter(t.database.db);
    await writer.write({ ...row(order, at(30), { latitude: 19.3, longitude: 73 }), trackingId });
    const [after] = rowsOf<{ started_at: Date | string | null }>(
      await t.database.db.execute(sql`select started_at from order_tracking where id = ${trackingId}`),
    );
    expect(after?.started_at).not.toBeNull();
    const first = { ...row(order, at(29), null), trackingId };
    expect(startingTrips([first, first, { ...first, trackingId: 999_999 }], new Set([trackingId]))).toEqual([999_999]);
    expect(startingTrips([first, first])).toEqual([trackingId]);
  });

  it('announces every moved order of a batch larger than one NOTIFY holds, and not a late one', async () => {
    const late = orders[3] as TrackedOrder;
    await storePositions(t.database.db, [row(late, at(20), { latitude: 18.5, longitude: 73 })]);
    // Its own announcement goes out first (the live side gathers for 200 ms).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const emitted = new Map<number, { latitude: number; fixTime?: string; speedKmh?: number | null; requestType?: number }>();
    const realtime = t.app.deps.realtime;
    const toRoomsHere = realtime.toRoomsHere;
    const watchedHere = realtime.watchedHere;
    // Every room counts as watched: the live side makes each order's message.
    realtime.watchedHere = () => true;
    realtime.toRoomsHere = (rooms, event, payload) => {
      if (event === 'tracking:order') {
        const { orderId, positions } = payload as {
          orderId: number;
          positions: { latitude: number; fixTime: string; speedKmh: number | null; requestType: number }[];
        };
        emitted.set(orderId, positions[0] ?? { latitude: 0 });
      }
      toRoomsHere(rooms, event, payload);
    };
    try {
      const fresh = orders.slice(4);
      const writer = createPositionWriter(t.database.db);
      const fixTime = at(1);
      await Promise.all([
        ...fresh.map((o, i) => writer.write({ ...row(o, fixTime, { latitude: 19 + i / 100, longitude: 73 }), speedKmh: 42.46 })),
        writer.write(row(late, at(50), { latitude: 17, longitude: 73 })),
      ]);
      // 66 moved orders: more than the 60 one NOTIFY payload carries.
      await expect.poll(() => emitted.size, { timeout: 3000 }).toBe(fresh.length);
      fresh.forEach((o, i) => {
        expect(emitted.get(o.id)?.latitude).toBeCloseTo(19 + i / 100, 6);
      });
      // The live event's item: the fix time to the millisecond, km/h to one decimal, the direction.
      expect(emitted.get((fresh[0] as TrackedOrder).id)).toMatchObject({ fixTime: fixTime.toISOString(), speedKmh: 42.5, requestType: 1 });
      expect(emitted.has(late.id)).toBe(false);
    } finally {
      realtime.toRoomsHere = toRoomsHere;
      realtime.watchedHere = watchedHere;
    }
  });
});

describe('a batch column as PostgreSQL array text', () => {
  it('reads back exactly: quotes, backslashes, commas, braces, the word NULL, nulls, numbers and booleans', async () => {
    const texts = ['plain', 'a "quoted" word', 'back\\slash', 'a,b', '{braces}', 'NULL', null, 'मुंबई', '', '{"battery":0.5,"note":"x\\"y"}'];
    const numbers = [0, -1.5, 72.8311, 1e-7, 123456789012, null];
    const flags = [true, false, null];
    const [read] = rowsOf<{ t: (string | null)[]; n: (number | null)[]; b: (boolean | null)[] }>(
      await t.database.db.execute(
        sql`select ${arrayLiteral(texts)}::text[] as t, ${arrayLiteral(numbers)}::float8[] as n, ${arrayLiteral(flags)}::bool[] as b`,
      ),
    );
    expect(read?.t).toEqual(texts);
    expect(read?.n.map((v) => (v === null ? null : Number(v)))).toEqual(numbers);
    expect(read?.b).toEqual(flags);
    expect(() => arrayLiteral([Number.NaN])).toThrow(/finite/);
  });

  it('writes every column of a batch in one pass, times as epoch ms, each read back as given', async () => {
    const batch = [
      { id: 1, at: new Date('2026-11-28T01:02:03.456Z'), note: 'a "b", {c}', on: true },
      { id: null, at: null, note: null, on: false },
      { id: -7.25, at: new Date('1999-12-31T23:59:59.000Z'), note: 'back\\slash', on: null },
    ];
    const [ids, ats, notes, ons] = arrayColumns(batch, [
      [(r) => r.id, 'number'],
      [(r) => r.at, 'time'],
      [(r) => r.note, 'text'],
      [(r) => r.on, 'bool'],
    ]);
    const [read] = rowsOf<{ i: (number | null)[]; a: (string | null)[]; n: (string | null)[]; o: (boolean | null)[] }>(
      await t.database.db.execute(
        sql`select ${ids}::float8[] as i, array(select to_char(x at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from unnest(${ats}::float8[]) with ordinality as u(ms, k), to_timestamp(ms / 1000.0) as x order by k) as a, ${notes}::text[] as n, ${ons}::bool[] as o`,
      ),
    );
    expect(read?.i.map((v) => (v === null ? null : Number(v)))).toEqual([1, null, -7.25]);
    expect(read?.a).toEqual(['2026-11-28T01:02:03.456Z', null, '1999-12-31T23:59:59.000Z']);
    expect(read?.n).toEqual(batch.map((r) => r.note));
    expect(read?.o).toEqual([true, false, null]);
    expect(() => arrayColumns([{ at: new Date(Number.NaN) }], [[(r) => r.at, 'time']])).toThrow(/not a valid time/);
  });
});
