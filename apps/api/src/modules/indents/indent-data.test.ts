import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractedLane } from '../../test/contracts.ts';
import { caller } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { hoursFromNow, type Procurement, setupProcurement } from '../../test/procurement.ts';
import { rowsOf } from '../../db/rows.ts';

// Issue 38: what an indent saves when a value is not given, and what a turn that timed out shows.
const t = useTestApp();
const call = caller(t);
let p: Procurement;
let laneId = 0;

type Turn = { carrierName: string; status: string; answeredAt: string | null };

beforeAll(async () => {
  p = await setupProcurement(t);
  // The contracted lane carries 20 t a trip (test/contracts.ts).
  laneId = (await contractedLane(t, p, 60)).laneId;
});

describe('indent data (issue 38)', () => {
  it("takes a line's weight from its contract lane when none is given, and keeps one that is", async () => {
    const placed = await call('POST', '/api/indents', p.owner, {
      indents: [
        { laneId, vehicles: 1, reportingAt: hoursFromNow(20) },
        { laneId, vehicles: 1, reportingAt: hoursFromNow(20), weightTonnes: 12 },
      ],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [first, second] = placed.json().data as { id: number }[];
    const weightOf = async (id: number | undefined) => (await call('GET', `/api/indents/${id}`, p.owner)).json().data.weightTonnes;
    expect(await weightOf(first?.id)).toBe(20);
    expect(await weightOf(second?.id)).toBe(12);
  });

  it('gives a turn that timed out no answer time, to the shipper and to the carrier', async () => {
    const placed = await call('POST', '/api/indents', p.owner, { indents: [{ laneId, vehicles: 1, reportingAt: hoursFromNow(30) }] });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().data[0].id as number;
    const db = t.database.db;
    const [turn] = rowsOf<{ id: number; link: number }>(
      await db.execute(sql`select id, industry_carrier_id as link from indent_allocations where indent_id = ${id} and status = 'offered'`),
    );
    expect(turn).toBeDefined();
    const past = new Date(Date.now() - 1000);
    await db.execute(sql`update indent_allocations set deadline_at = ${past} where id = ${turn?.id}`);
    await db.execute(sql`update jobs set run_at = ${past} where key = ${`indent-deadline:${turn?.id}`}`);
    expect(await t.app.deps.jobs.tick()).toBeGreaterThan(0);

    const turns = (await call('GET', `/api/indents/${id}`, p.owner)).json().data.allocations as Turn[];
    const expired = turns.find((a) => a.status === 'expired');
    expect(expired).toBeDefined();
    expect(expired?.answeredAt).toBeNull();
    const [stored] = rowsOf<{ answered_at: string | null }>(
      await db.execute(sql`select answered_at from indent_allocations where id = ${turn?.id}`),
    );
    expect(stored?.answered_at).toBeNull();
    const token = Number(turn?.link) === p.vayuLink ? p.vayu : p.ganesh;
    const seen = await call('GET', `/api/carrier/indents/${id}`, token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toMatchObject({ status: 'expired', answeredAt: null });
  });
});
