import { beforeAll, describe, expect, it } from 'vitest';
import { contractedLane } from '../../test/contracts.ts';
import { caller } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { type Procurement, setupProcurement } from '../../test/procurement.ts';
import { closeRound } from './rfq-rounds.service.ts';

// Issue 38: what an RFQ and its contracts save and show (times, ranks, counts, shares, remarks).
const t = useTestApp();
const call = caller(t);
let p: Procurement;
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const REMARKS = 'Rates per trip, inclusive of tolls; GST extra.';

/** A published RFQ of two lanes (plant to the drop-off), both carriers invited, round 1 open. */
async function openRfq() {
  const plantId = p.base.plantId as number;
  const stopId = (p.base.dropoffs as { stopId: number }[])[0]?.stopId ?? 0;
  const lane = { origin: { kind: 'plant', id: plantId }, destination: { kind: 'stop', id: stopId }, vehicleTypeId: p.base.vehicleTypeId };
  const made = await call('POST', '/api/rfqs', p.owner, {
    title: 'Issue 38 lanes',
    plantId,
    periodFrom: '2027-04-01',
    periodTo: '2028-03-31',
    lanes: [
      { ...lane, tripsPerMonth: 20, benchmarkRupees: 40_000 },
      { ...lane, tripsPerMonth: 10, benchmarkRupees: 30_000 },
    ],
    carrierLinkIds: [p.vayuLink, p.ganeshLink],
    remarks: REMARKS,
  });
  expect(made.statusCode, made.body).toBe(201);
  const rfq = made.json().data as { id: number; laneList: { id: number }[] };
  const round = await call('POST', `/api/rfqs/${rfq.id}/rounds`, p.owner, { endsAt: inMinutes(60) });
  expect(round.statusCode, round.body).toBe(201);
  return { id: rfq.id, lane1: rfq.laneList[0]?.id ?? 0, lane2: rfq.laneList[1]?.id ?? 0 };
}

const quote = (token: string, id: number, quotes: unknown[]) => call('POST', `/api/carrier/rfqs/${id}/quotes`, token, { quotes });

beforeAll(async () => {
  p = await setupProcurement(t);
});

describe('RFQ data (issue 38)', () => {
  it('records the time a round closed early, not its planned end', async () => {
    // Closing early records when it closed, not the planned end.
    const rfq = await openRfq();
    const before = Date.now();
    const closed = await call('POST', `/api/rfqs/${rfq.id}/rounds/close`, p.owner);
    expect(closed.statusCode, closed.body).toBe(200);
    const [round] = (await call('GET', `/api/rfqs/${rfq.id}`, p.owner)).json().data.rounds as { closedAt: string; endsAt: string }[];
    expect(Date.parse(round?.closedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(round?.closedAt ?? '')).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(round?.closedAt ?? '')).toBeLessThan(Date.parse(round?.endsAt ?? ''));
  });

  it('counts a declined lane apart from the quoted ones', async () => {
    const rfq = await openRfq();
    const sent = await quote(p.vayu, rfq.id, [
      { laneId: rfq.lane1, amountRupees: 38_000 },
      { laneId: rfq.lane2, declined: true },
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ round: 1, saved: 2, quoted: 1, declined: 1 });
  });

  it('serves the remarks to an invited carrier', async () => {
    const rfq = await openRfq();
    const seen = await call('GET', `/api/carrier/rfqs/${rfq.id}`, p.vayu);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.remarks).toBe(REMARKS);
  });

  it('shows a rank only on the lanes of the round that shows ranks', async () => {
    const rfq = await openRfq();
    for (const [token, a, b] of [
      [p.vayu, 40_000, 29_000],
      [p.ganesh, 39_000, 28_000],
    ] as const) {
      expect(
        (
          await quote(token, rfq.id, [
            { laneId: rfq.lane1, amountRupees: a },
            { laneId: rfq.lane2, amountRupees: b },
          ])
        ).statusCode,
      ).toBe(200);
    }
    await closeRound(t.database.db, rfq.id, 1);
    const round2 = await call('POST', `/api/rfqs/${rfq.id}/rounds`, p.owner, {
      endsAt: inMinutes(60),
      laneIds: [rfq.lane1],
      showRank: true,
    });
    expect(round2.statusCode, round2.body).toBe(201);
    const mine = (await call('GET', `/api/carrier/rfqs/${rfq.id}`, p.vayu)).json().data.myQuotes as {
      laneId: number;
      rank: number | null;
    }[];
    expect(mine.find((q) => q.laneId === rfq.lane1)?.rank).toBe(2);
    // Lane 2 is not in round 2: its round-1 quote stands, without a rank.
    const outside = mine.find((q) => q.laneId === rfq.lane2);
    expect(outside).toBeDefined();
    expect(outside?.rank).toBeNull();
  });

  it("gives the carrier's contract its share of the lane's trips", async () => {
    const { contracts } = await contractedLane(t, p, 60);
    const vayu = contracts.find((c) => c.carrierLinkId === p.vayuLink);
    const seen = await call('GET', `/api/carrier/contracts/${vayu?.contractId}`, p.vayu);
    expect(seen.statusCode, seen.body).toBe(200);
    const [lane] = seen.json().data.laneList as { tripsPerMonth: number; sharePct: number; shareTripsPerMonth: number }[];
    expect(lane).toMatchObject({ tripsPerMonth: 30, sharePct: 60, shareTripsPerMonth: 18 });
  });
});
