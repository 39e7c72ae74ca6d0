import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { type Procurement, setupProcurement } from '../../test/procurement.ts';
import { createStaff } from '../../test/staff.ts';
import { expireContract } from './contracts.service.ts';
import { closeRound } from './rfq-rounds.service.ts';
import { rowsOf } from '../../db/rows.ts';

const t = useTestApp();
const call = caller(t);
let p: Procurement;
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

/** An RFQ body: two lanes from the plant to the Surat DC (a 32 ft and the other vehicle), both carriers invited. */
function rfqBody(over: Record<string, unknown> = {}) {
  const plantId = p.base.plantId as number;
  const stopId = (p.base.dropoffs as { stopId: number }[])[0]?.stopId ?? 0;
  const lane = { origin: { kind: 'plant', id: plantId }, destination: { kind: 'stop', id: stopId }, vehicleTypeId: p.base.vehicleTypeId };
  return {
    title: 'Annual west lanes',
    plantId,
    periodFrom: '2027-04-01',
    periodTo: '2028-03-31',
    lanes: [
      { ...lane, tripsPerMonth: 40, benchmarkRupees: 40_000 },
      { ...lane, tripsPerMonth: 12, weightTonnes: 18 },
    ],
    carrierLinkIds: [p.vayuLink, p.ganeshLink],
    ...over,
  };
}

const notesOf = async (token: string, referId: number) =>
  ((await call('GET', '/api/notifications?pageSize=100', token)).json().data as { title: string; referId: number }[])
    .filter((n) => n.referId === referId)
    .map((n) => n.title);

beforeAll(async () => {
  p = await setupProcurement(t);
});

describe('RFQs into contracts', () => {
  it('runs a draft through two rounds to a split award: contracts, rates, notices, and every refusal naming its field', async () => {
    // Refusals: each names its field.
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await call('POST', '/api/rfqs', p.owner, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    };
    await bad(rfqBody({ periodTo: '2027-03-01' }), 'periodTo');
    await bad(rfqBody({ lanes: [] }), 'lanes');
    await bad(rfqBody({ carrierLinkIds: [] }), 'carrierLinkIds');
    const plantId = p.base.plantId as number;
    await bad(
      rfqBody({
        lanes: [
          {
            origin: { kind: 'plant', id: plantId },
            destination: { kind: 'plant', id: plantId },
            vehicleTypeId: p.base.vehicleTypeId,
            tripsPerMonth: 5,
          },
        ],
      }),
      'lanes.0.destination',
    );
    await bad(
      rfqBody({
        lanes: [
          {
            origin: { kind: 'plant', id: plantId },
            destination: { kind: 'stop', id: 999_999 },
            vehicleTypeId: p.base.vehicleTypeId,
            tripsPerMonth: 5,
          },
        ],
      }),
      'lanes.0.destination',
    );

    const created = await call('POST', '/api/rfqs', p.owner, rfqBody());
    expect(created.statusCode, created.body).toBe(201);
    const rfq = created.json().data;
    expect(rfq).toMatchObject({ status: 'draft', round: 0, lanes: 2, carriers: 2 });
    expect(rfq.number).toMatch(/^RFQ-\d{4}-000001$/);
    const [lane1, lane2] = rfq.laneList as { id: number }[];
    // A draft is the shipper's alone.
    expect((await call('GET', `/api/carrier/rfqs/${rfq.id}`, p.vayu)).statusCode).toBe(404);
    expect((await call('GET', '/api/carrier/rfqs', p.vayu)).json().total).toBe(0);

    // Round 1 publishes it; the carriers are told.
    expect((await call('POST', `/api/rfqs/${rfq.id}/rounds`, p.owner, { endsAt: inMinutes(2) })).statusCode).toBe(400);
    const round1 = await call('POST', `/api/rfqs/${rfq.id}/rounds`, p.owner, { endsAt: inMinutes(60) });
    expect(round1.statusCode, round1.body).toBe(201);
    expect(await notesOf(p.vayu, rfq.id)).toContain('New RFQ');
    expect((await call('PUT', `/api/rfqs/${rfq.id}`, p.owner, rfqBody())).statusCode).toBe(409);

    const quote = (token: string, quotes: unknown[]) => call('POST', `/api/carrier/rfqs/${rfq.id}/quotes`, token, { quotes });
    const zero = await quote(p.vayu, [{ laneId: lane1?.id, amountRupees: 0 }]);
    expect(zero.statusCode).toBe(400);
    expect(Object.keys(zero.json().error.fields)).toContain('quotes.0.amountRupees');
    expect((await quote(p.vayu, [{ laneId: 999_999, amountRupees: 100 }])).statusCode).toBe(400);
    expect(
      (
        await quote(p.vayu, [
          { laneId: lane1?.id, amountRupees: 40_500 },
          { laneId: lane2?.id, declined: true },
        ])
      ).statusCode,
    ).toBe(200);
    // A revision: the latest counts, both are kept.
    expect((await quote(p.vayu, [{ laneId: lane1?.id, amountRupees: 40_000 }])).statusCode).toBe(200);
    expect(
      (
        await quote(p.ganesh, [
          { laneId: lane1?.id, amountRupees: 38_000 },
          { laneId: lane2?.id, amountRupees: 52_000 },
        ])
      ).statusCode,
    ).toBe(200);
    const [revisions] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from rfq_quote_revisions v join rfq_quotes q on q.id = v.quote_id where q.rfq_id = ${rfq.id}`,
      ),
    );
    expect(revisions?.n).toBe(5);
    // A carrier never sees another's quote or name.
    const seen = await call('GET', `/api/carrier/rfqs/${rfq.id}`, p.vayu);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toMatch(/38000|52000|Ganesh/);
    expect(seen.json().data.myQuotes.find((q: { laneId: number }) => q.laneId === lane1?.id)).toMatchObject({
      amountRupees: 40_000,
      rank: null,
    });

    // Awarding while quoting is open: refused.
    const early = await call('POST', `/api/rfqs/${rfq.id}/award`, p.owner, {
      lanes: [{ laneId: lane1?.id, splits: [{ carrierLinkId: p.vayuLink, sharePct: 100 }] }],
    });
    expect(early.statusCode).toBe(409);

    await closeRound(t.database.db, rfq.id, 1);
    expect((await quote(p.vayu, [{ laneId: lane1?.id, amountRupees: 39_000 }])).statusCode).toBe(409);
    expect(await notesOf(p.owner, rfq.id)).toContain('RFQ quotes closed');

    // Round 2: lane 1, Vayu only, ranks shown.
    const round2 = await call('POST', `/api/rfqs/${rfq.id}/rounds`, p.owner, {
      endsAt: inMinutes(60),
      laneIds: [lane1?.id],
      carrierLinkIds: [p.vayuLink],
      showRank: true,
    });
    expect(round2.statusCode, round2.body).toBe(201);
    expect((await quote(p.ganesh, [{ laneId: lane1?.id, amountRupees: 37_000 }])).statusCode).toBe(409);
    expect((await quote(p.vayu, [{ laneId: lane2?.id, amountRupees: 50_000 }])).statusCode).toBe(400);
    expect((await quote(p.vayu, [{ laneId: lane1?.id, amountRupees: 37_500 }])).statusCode).toBe(200);
    const ranked = (await call('GET', `/api/carrier/rfqs/${rfq.id}`, p.vayu)).json().data;
    expect(ranked.myQuotes.find((q: { laneId: number }) => q.laneId === lane1?.id)).toMatchObject({
      amountRupees: 37_500,
      round: 2,
      rank: 1,
    });
    await closeRound(t.database.db, rfq.id, 2);

    // The comparison: L1, spread and saving against the benchmark, every round's last quote.
    const compare = (await call('GET', `/api/rfqs/${rfq.id}/compare`, p.owner)).json().data;
    expect(compare[0]).toMatchObject({ l1: 37_500, spreadRupees: 500, savingPct: 6.3, benchmarkRupees: 40_000 });
    expect(compare[0].quotes.map((q: { carrierName: string; rank: number }) => [q.rank, q.carrierName])).toEqual([
      [1, 'Vayu Roadlines'],
      [2, 'Shree Ganesh Transport'],
    ]);
    expect(compare[1].quotes.map((q: { declined: boolean; rank: number | null }) => [q.rank, q.declined])).toEqual([
      [1, false],
      [null, true],
    ]);

    // Award: shares must sum to 100; a carrier that declined cannot be given the lane.
    const award = (lanes: unknown[]) => call('POST', `/api/rfqs/${rfq.id}/award`, p.owner, { lanes });
    const ninety = await award([
      {
        laneId: lane1?.id,
        splits: [
          { carrierLinkId: p.vayuLink, sharePct: 60 },
          { carrierLinkId: p.ganeshLink, sharePct: 30 },
        ],
      },
    ]);
    expect(ninety.statusCode).toBe(400);
    expect(ninety.json().error.fields).toHaveProperty(['lanes.0.splits']);
    const declined = await award([{ laneId: lane2?.id, splits: [{ carrierLinkId: p.vayuLink, sharePct: 100 }] }]);
    expect(declined.statusCode).toBe(400);
    expect(Object.keys(declined.json().error.fields)).toContain('lanes.0.splits.0.carrierLinkId');
    const done = await award([
      {
        laneId: lane1?.id,
        splits: [
          { carrierLinkId: p.vayuLink, sharePct: 60 },
          { carrierLinkId: p.ganeshLink, sharePct: 40 },
        ],
      },
      { laneId: lane2?.id, splits: [{ carrierLinkId: p.ganeshLink, sharePct: 100 }] },
    ]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.contracts).toHaveLength(2);
    expect((await award([{ laneId: lane2?.id, splits: [{ carrierLinkId: p.ganeshLink, sharePct: 100 }] }])).statusCode).toBe(409);
    const lanes = rowsOf<{ link: number; lane: number; share: number; rate: number; valid_from: string; history: number }>(
      await t.database.db.execute(sql`
        select c.industry_carrier_id as link, l.rfq_lane_id as lane, l.share_pct as share, l.rate_paise as rate, c.valid_from::text,
          (select count(*)::int from contract_lane_rates r where r.contract_lane_id = l.id) as history
        from contracts c join contract_lanes l on l.contract_id = c.id where c.rfq_id = ${rfq.id} order by c.industry_carrier_id, l.rfq_lane_id`),
    ).map((r) => ({ ...r, link: Number(r.link), lane: Number(r.lane), rate: Number(r.rate) }));
    expect(lanes).toEqual(
      expect.arrayContaining([
        { link: p.vayuLink, lane: lane1?.id, share: 60, rate: 3_750_000, valid_from: '2027-04-01', history: 1 },
        { link: p.ganeshLink, lane: lane1?.id, share: 40, rate: 3_800_000, valid_from: '2027-04-01', history: 1 },
        { link: p.ganeshLink, lane: lane2?.id, share: 100, rate: 5_200_000, valid_from: '2027-04-01', history: 1 },
      ]),
    );
    expect(lanes).toHaveLength(3);
    expect((await call('GET', `/api/rfqs/${rfq.id}`, p.owner)).json().data.status).toBe('awarded');
    expect(await notesOf(p.vayu, rfq.id)).toContain('RFQ awarded');
    expect(await notesOf(p.ganesh, rfq.id)).toContain('RFQ awarded');

    // Contracts on both sides: the shipper sees both, each carrier its own only.
    const listed = (await call('GET', '/api/contracts?pageSize=25', p.owner)).json();
    const mine = listed.data.filter((c: { rfqId: number }) => c.rfqId === rfq.id);
    expect(mine.map((c: { carrierName: string; status: string }) => [c.carrierName, c.status]).sort()).toEqual([
      ['Shree Ganesh Transport', 'active'],
      ['Vayu Roadlines', 'active'],
    ]);
    const byRfq = (await call('GET', `/api/contracts?rfqId=${rfq.id}`, p.owner)).json();
    expect(byRfq.total).toBe(2);
    expect(byRfq.data.every((c: { rfqId: number }) => c.rfqId === rfq.id)).toBe(true);
    const vayuContracts = (await call('GET', '/api/carrier/contracts', p.vayu)).json().data as { id: number; carrierName: string }[];
    expect(vayuContracts.map((c) => c.carrierName)).toEqual(['Vayu Roadlines']);
    const vayuContract = vayuContracts[0]?.id ?? 0;
    const detail = (await call('GET', `/api/carrier/contracts/${vayuContract}`, p.vayu)).json().data;
    expect(detail.laneList).toEqual([
      expect.objectContaining({ sharePct: 60, rateRupees: 37_500, history: [expect.objectContaining({ rateRupees: 37_500 })] }),
    ]);
    expect((await call('GET', `/api/carrier/contracts/${vayuContract}`, p.ganesh)).statusCode).toBe(404);
    const noReason = await call('POST', `/api/contracts/${vayuContract}/terminate`, p.owner, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().error.fields)).toContain('reason');
    const ended = await call('POST', `/api/contracts/${vayuContract}/terminate`, p.owner, { reason: 'Repeated late placement' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toMatchObject({ status: 'terminated', terminationReason: 'Repeated late placement' });
    expect((await call('POST', `/api/contracts/${vayuContract}/terminate`, p.owner, { reason: 'Again' })).statusCode).toBe(409);
    expect(await notesOf(p.vayu, rfq.id)).toContain('Contract terminated');
    // The other contract expires by its job the day after its period.
    const ganeshContract = mine.find((c: { carrierName: string }) => c.carrierName !== 'Vayu Roadlines')?.id;
    const [job] = rowsOf<{ run_at: string }>(
      await t.database.db.execute(sql`select run_at from jobs where key = ${`contract-expiry:${ganeshContract}`}`),
    );
    expect(new Date(job?.run_at ?? 0).toISOString()).toBe('2028-03-31T18:30:00.000Z');
    await expireContract(t.database.db, ganeshContract, new Date('2028-04-01T00:00:00+05:30'));
    expect((await call('GET', `/api/contracts/${ganeshContract}`, p.owner)).json().data.status).toBe('expired');
  });

  it('closes the open round early for add-rfp: 200, then 409 with none open, 403 without add-rfp', async () => {
    const made = await call('POST', '/api/rfqs', p.owner, rfqBody({ title: 'Early close lanes' }));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    const close = (token: string) => call('POST', `/api/rfqs/${id}/rounds/close`, token);
    const none = await close(p.owner);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('NO_OPEN_ROUND');
    expect((await call('POST', `/api/rfqs/${id}/rounds`, p.owner, { endsAt: inMinutes(60) })).statusCode).toBe(201);
    const viewer = await createStaff(t, p.owner, { permissions: ['list-rfp'] });
    expect((await close(viewer.token)).statusCode).toBe(403);
    expect((await close(p.vayu)).statusCode).toBe(403);
    expect((await call('POST', '/api/rfqs/999999/rounds/close', p.owner)).statusCode).toBe(404);
    const closed = await close(p.owner);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toEqual({ round: 1 });
    const detail = (await call('GET', `/api/rfqs/${id}`, p.owner)).json().data;
    expect(detail.status).toBe('closed');
    expect(detail.rounds[0].closedAt).not.toBeNull();
    const lane = detail.laneList[0].id as number;
    expect(
      (await call('POST', `/api/carrier/rfqs/${id}/quotes`, p.vayu, { quotes: [{ laneId: lane, amountRupees: 100 }] })).statusCode,
    ).toBe(409);
    expect((await close(p.owner)).statusCode).toBe(409);
  });

  it('reads a new RFQ back through the policy: a staff user is refused a plant outside its plants (400 plantId, nothing kept)', async () => {
    const plants = (await call('GET', '/api/plants/options', p.owner)).json().data as { id: number }[];
    const other = plants.find((x) => x.id !== p.base.plantId);
    expect(other).toBeDefined();
    const staff = await createStaff(t, p.owner, { permissions: ['add-rfp', 'list-rfp'], plantIds: [other?.id ?? 0] });
    const refused = await call('POST', '/api/rfqs', staff.token, rfqBody({ title: 'Outside my plants' }));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().error.fields ?? {})).toEqual(['plantId']);
    const [kept] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from rfqs where title = 'Outside my plants'`),
    );
    expect(kept?.n).toBe(0);
    // The owner (every plant) makes the same RFQ and reads it back.
    const made = await call('POST', '/api/rfqs', p.owner, rfqBody({ title: 'Outside my plants' }));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.title).toBe('Outside my plants');
  });

  it('keeps RFQs to those allowed: 401, 403 for a carrier on the shipper calls, lists searched on the server', async () => {
    expect((await call('GET', '/api/rfqs', '')).statusCode).toBe(401);
    expect((await call('GET', '/api/rfqs', p.vayu)).statusCode).toBe(403);
    expect((await call('POST', '/api/carrier/rfqs/1/quotes', p.owner, { quotes: [{ laneId: 1, amountRupees: 1 }] })).statusCode).toBe(403);
    expect((await call('GET', '/api/rfqs/999999', p.owner)).statusCode).toBe(404);
    const made = await call('POST', '/api/rfqs', p.owner, rfqBody({ title: 'Monsoon east lanes' }));
    expect(made.statusCode, made.body).toBe(201);
    const found = (await call('GET', '/api/rfqs?search=monsoon', p.owner)).json();
    expect(found.data.map((r: { title: string }) => r.title)).toEqual(['Monsoon east lanes']);
    const drafts = (await call('GET', '/api/rfqs?status=draft&pageSize=25', p.owner)).json();
    expect(drafts.data.every((r: { status: string }) => r.status === 'draft')).toBe(true);
    expect(drafts.total).toBeGreaterThanOrEqual(1);
  });
});
