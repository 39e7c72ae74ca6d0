// Property test of the live auction against the real database (PGlite, or PostgreSQL with
// TEST_DB=postgres): randomized sequences of bids, some of them racing (Promise.all), are placed
// through placeBid and compared, bid by bid and at the end, with a small model of the rules:
// invitation, vehicles, idempotency replay, downward-only revisions by the shipper's minimum
// decrement, and the rank (amount, then bid time, then id) and lowest price the visibility rule shows.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { BidPosition } from '@freightdesk/shared/schemas/bid';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { placeBid, rankedBids } from '../modules/requests/bids.service.ts';
import { TEST_DB_KIND, type TestContext, useTestApp } from './harness.ts';
import { setupProcurement } from './procurement.ts';
import { rowsOf } from '../db/rows.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

/**
 * Bids per suite pass, on whichever database the pass uses: 100,000, in two test files of half
 * each (bids.property.1/2.test.ts) so that the pass's two workers share them (about 3.5 minutes
 * each on PGlite on the 2-core machine). Set BID_PROPERTY_BIDS for a quicker local run.
 */
const TARGET = Number(process.env.BID_PROPERTY_BIDS ?? 100_000);
/** At most this many bids race in one Promise.all. */
const MAX_RACE = 16;

/**
 * Registers the file's test: its own app and database, and `part` of `parts` of the pass's bids.
 * Each file's runs draw their own random sequences.
 */
export function describeBidProperties(part: number, parts: number): void {
  t = useTestApp();
  const target = Math.ceil(TARGET / parts);
  beforeAll(setup);
  describe('live auction properties', () => {
    it(
      `keeps ranks, decrements, replays and revision counts over ${indianNumber(target)} randomized bids on ${TEST_DB_KIND} (part ${part} of ${parts})`,
      async () => {
        // Rounds of runs until the target is reached; a failure reports its seed and a shrunk sequence.
        while (placed < target) {
          await fc.assert(fc.asyncProperty(runArb, checkRun), { numRuns: 5, endOnFailure: false });
        }
        expect(placed).toBeGreaterThanOrEqual(target);
        console.info(`bid properties on ${TEST_DB_KIND}, part ${part}/${parts}: ${placed} bids in ${runs} runs`);
      },
      20 * 60_000,
    );
  });
}

// One test file's state (each file runs in its own process).
let t: TestContext;
type Carrier = { userId: number; carrierId: number; linkId: number };
/** The invited carriers, then one linked to the shipper but never invited. */
let carriers: Carrier[] = [];
let owner = '';
let industryId = 0;
let base: Record<string, unknown> = {};
let runs = 0;
let placed = 0;

async function setup() {
  const procurement = await setupProcurement(t);
  owner = procurement.owner;
  base = procurement.base;
  const emails = ['carrier@demo.test', 'ganesh@carrier.test'];
  for (const [i, name] of ['Pune Freight', 'Konkan Cargo', 'Deccan Haulers', 'Never Invited Logistics'].entries()) {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/carriers',
      headers: t.as(owner),
      payload: { name, contactName: `Contact ${i}`, mobile: `97000000${10 + i}`, email: `prop${i}@carrier.test` },
    });
    expect(added.statusCode, added.body).toBe(201);
    emails.push(`prop${i}@carrier.test`);
  }
  const found = rowsOf<{ email: string; user_id: number; carrier_id: number; link_id: number; industry_id: number }>(
    await t.database.db.execute(sql`select u.email, u.id as user_id, u.carrier_id, ic.id as link_id, ic.industry_id
      from users u join industry_carriers ic on ic.carrier_id = u.carrier_id
      join users o on o.industry_id = ic.industry_id and o.email = 'owner@demo.test'
      where u.email in ${emails}`),
  );
  carriers = emails.map((email) => {
    const row = found.find((x) => x.email === email);
    if (!row) {
      throw new Error(`no carrier user ${email}`);
    }
    industryId = row.industry_id;
    return { userId: row.user_id, carrierId: row.carrier_id, linkId: row.link_id };
  });
}

const KINDS = ['lower', 'lower', 'lower', 'lower', 'exact', 'match', 'short', 'raise', 'same'] as const;
type Command = {
  /** Index into `carriers`; the last one is not invited. */
  carrier: number;
  kind: (typeof KINDS)[number];
  step: number;
  jitter: number;
  vehicles: number;
  key: 'none' | 'new' | 'reuse';
  /** Milliseconds the clock moves before this bid (0: the same bid time as the one before). */
  tick: number;
  /** Races with the bids just before it (same Promise.all). */
  race: boolean;
};

const commandArb: fc.Arbitrary<Command> = fc.record({
  carrier: fc.oneof({ weight: 30, arbitrary: fc.integer({ min: 0, max: 4 }) }, { weight: 1, arbitrary: fc.constant(5) }),
  kind: fc.constantFrom(...KINDS),
  step: fc.integer({ min: 0, max: 3 }),
  jitter: fc.integer({ min: 0, max: 150 }),
  vehicles: fc.integer({ min: 1, max: 6 }),
  key: fc.constantFrom('none', 'none', 'none', 'new', 'new', 'reuse'),
  tick: fc.constantFrom(0, 0, 1, 1, 2, 5),
  race: fc.oneof({ weight: 7, arbitrary: fc.constant(true) }, { weight: 3, arbitrary: fc.constant(false) }),
});

const runArb = fc.record({
  minDecrementPaise: fc.constantFrom(0, 1, 100, 2500),
  visibility: fc.constantFrom('rank_only', 'rank_and_lowest', 'nothing'),
  vehicleCount: fc.integer({ min: 1, max: 5 }),
  commands: fc.array(commandArb, { minLength: 1, maxLength: 1500, size: 'max' }),
});
type Run = typeof runArb extends fc.Arbitrary<infer T> ? T : never;

/** A carrier's bid in the model; `order` stands for the id (ids grow as first bids are accepted). */
type ModelBid = {
  order: number;
  amount: number;
  at: number;
  vehicles: number;
  revisions: number;
  /** Keys used, with the amount and vehicles each was sent with: the same again is a replay, another bid a 422. */
  keys: Map<string, { amount: number; vehicles: number }>;
  amounts: number[];
};
type Expected = { error: { status: number; field?: string } } | { position: Omit<BidPosition, 'bidEndAt'> };

/** The model's ranking: amount, then bid time, then id. */
const ranked = (bids: Map<number, ModelBid>) =>
  [...bids.entries()].sort(([, a], [, b]) => a.amount - b.amount || a.at - b.at || a.order - b.order);

async function checkRun(run: Run) {
  runs++;
  await t.database.db.execute(sql`delete from bid_visibility_settings where industry_id = ${industryId}`);
  await t.database.db.execute(sql`insert into bid_visibility_settings (industry_id, visibility, min_decrement_paise, anti_sniping_minutes)
    values (${industryId}, ${run.visibility}, ${run.minDecrementPaise}, 5)`);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/requests/outbound',
    headers: t.as(owner),
    payload: { ...base, vehicleCount: run.vehicleCount, carrierLinkIds: carriers.slice(0, 5).map((c) => c.linkId) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const request = created.json().data as { id: number; status: string; bidEndAt: string };
  expect(request.status).toBe('open');

  const minStep = Math.max(1, run.minDecrementPaise);
  const model = new Map<number, ModelBid>();
  const lastKey = new Map<number, string>();
  let created_ = 0;
  let clock = Date.now();
  const positionOf = (carrier: number): Omit<BidPosition, 'bidEndAt'> => {
    const order = ranked(model);
    const bid = model.get(carrier) as ModelBid;
    return {
      amountRupees: bid.amount / 100,
      vehicles: bid.vehicles,
      rank: run.visibility === 'nothing' ? null : order.findIndex(([c]) => c === carrier) + 1,
      lowestRupees: run.visibility === 'rank_and_lowest' ? (order[0]?.[1].amount ?? 0) / 100 : null,
      revisions: bid.revisions,
    };
  };

  /** Turns a command into a call and the model's answer, applying it to the model. */
  const prepare = (cmd: Command, i: number) => {
    clock += cmd.tick;
    const now = new Date(clock);
    const mine = model.get(cmd.carrier);
    const others = [...model.entries()].filter(([c]) => c !== cmd.carrier).map(([, b]) => b.amount);
    let amount: number;
    if (cmd.kind === 'match' && others.length) {
      amount = others[cmd.step % others.length] ?? 1;
    } else if (!mine) {
      amount = 5_000_000 + (cmd.carrier * 7 + cmd.step) * 10_000 + cmd.jitter * 100;
    } else if (cmd.kind === 'lower' || cmd.kind === 'match') {
      amount = mine.amount - minStep * (1 + cmd.step) - cmd.jitter;
    } else if (cmd.kind === 'exact') {
      amount = mine.amount - minStep;
    } else if (cmd.kind === 'short') {
      amount = mine.amount - minStep + 1 + (cmd.jitter % minStep);
    } else if (cmd.kind === 'raise') {
      amount = mine.amount + 1 + cmd.jitter;
    } else {
      amount = mine.amount;
    }
    let key: string | undefined;
    if (cmd.key === 'new' || (cmd.key === 'reuse' && !lastKey.has(cmd.carrier))) {
      key = `key-${runs}-${i}`;
      lastKey.set(cmd.carrier, key);
    } else if (cmd.key === 'reuse') {
      key = lastKey.get(cmd.carrier);
    }
    const body = { amountRupees: amount / 100, vehicles: cmd.vehicles, ...(key ? { idempotencyKey: key } : {}) };
    let expected: Expected;
    if (cmd.carrier >= 5) {
      expected = { error: { status: 404 } };
    } else if (cmd.vehicles > run.vehicleCount) {
      expected = { error: { status: 400, field: 'vehicles' } };
    } else if (mine && key && mine.keys.has(key)) {
      const used = mine.keys.get(key);
      expected =
        used?.amount === amount && used.vehicles === cmd.vehicles
          ? { position: positionOf(cmd.carrier) }
          : { error: { status: 422, field: 'idempotencyKey' } };
    } else if (mine && amount > mine.amount - minStep) {
      expected = { error: { status: 400, field: 'amountRupees' } };
    } else {
      const bid: ModelBid = mine ?? { order: created_++, amount, at: 0, vehicles: 0, revisions: -1, keys: new Map(), amounts: [] };
      Object.assign(bid, { amount, at: now.getTime(), vehicles: cmd.vehicles, revisions: bid.revisions + 1 });
      bid.amounts.push(amount);
      if (key) {
        bid.keys.set(key, { amount, vehicles: cmd.vehicles });
      }
      model.set(cmd.carrier, bid);
      expected = { position: positionOf(cmd.carrier) };
    }
    const carrier = carriers[cmd.carrier] as Carrier;
    return {
      expected,
      call: () => placeBid(t.database.db, { id: carrier.userId, carrierId: carrier.carrierId }, request.id, body, now),
    };
  };

  // Racing groups: a command with `race` joins the Promise.all of the ones before it.
  const groups: Command[][] = [];
  for (const cmd of run.commands) {
    const last = groups.at(-1);
    if (cmd.race && last && last.length < MAX_RACE) {
      last.push(cmd);
    } else {
      groups.push([cmd]);
    }
  }
  let index = 0;
  for (const group of groups) {
    // The model applies the group in call order: placeBid applies racing bids in arrival order.
    const prepared = group.map((cmd) => prepare(cmd, index++));
    const outcomes = await Promise.allSettled(prepared.map((p) => p.call()));
    outcomes.forEach((outcome, i) => {
      const expected = prepared[i]?.expected as Expected;
      if ('error' in expected) {
        expect(outcome.status, JSON.stringify(outcome)).toBe('rejected');
        const err = (outcome as PromiseRejectedResult).reason;
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).statusCode).toBe(expected.error.status);
        if (expected.error.field) {
          expect(Object.keys((err as AppError).fields ?? {})).toEqual([expected.error.field]);
        }
      } else {
        expect(outcome.status, JSON.stringify(outcome)).toBe('fulfilled');
        expect((outcome as PromiseFulfilledResult<BidPosition>).value).toEqual({ ...expected.position, bidEndAt: request.bidEndAt });
      }
    });
  }
  placed += run.commands.length;

  // The database afterwards: the board, the bid rows, and every carrier's revisions.
  const board = await rankedBids(t.database.db, industryId, 1, request.id);
  const order = ranked(model);
  expect(board.map((b) => [b.rank, b.carrierLinkId, Math.round(b.amountRupees * 100), b.revisions])).toEqual(
    order.map(([c, b], i) => [i + 1, carriers[c]?.linkId, b.amount, b.revisions]),
  );
  expect(new Set(board.map((b) => b.rank)).size).toBe(board.length);
  const revisions = rowsOf<{ link: number; amount_paise: number; bid_amount: number; bid_revisions: number }>(
    await t.database.db.execute(sql`select b.industry_carrier_id as link, v.amount_paise, b.amount_paise as bid_amount,
        b.revisions as bid_revisions
      from bid_revisions v join bids b on b.id = v.bid_id where b.request_id = ${request.id} order by v.id`),
  );
  for (const [c, bid] of model) {
    const mine = revisions.filter((v) => v.link === carriers[c]?.linkId);
    expect(mine.map((v) => v.amount_paise)).toEqual(bid.amounts);
    mine.slice(1).forEach((v, i) => {
      expect((mine[i]?.amount_paise ?? 0) - v.amount_paise).toBeGreaterThanOrEqual(minStep);
    });
    expect(mine.every((v) => v.bid_amount === bid.amount && v.bid_revisions === mine.length - 1)).toBe(true);
  }
  expect(revisions.length).toBe([...model.values()].reduce((n, b) => n + b.amounts.length, 0));
}
