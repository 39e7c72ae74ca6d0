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

type OpenRequest = { id: number; status: string; bidEndAt: string };

/** One run's state: its settings, its request, the model and the keys and clock its commands move. */
type RunState = {
  run: Run;
  request: OpenRequest;
  minStep: number;
  model: Map<number, ModelBid>;
  lastKey: Map<number, string>;
  /** Bids the model has accepted first so far (stands for the next id). */
  created: number;
  clock: number;
};

/** The shipper's visibility and decrement for this run, and a request open to the five carriers. */
async function openRequest(run: Run): Promise<OpenRequest> {
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
  const request = created.json().data as OpenRequest;
  expect(request.status).toBe('open');
  return request;
}

/** The position the model gives a carrier that has a bid. */
function positionOf(s: RunState, carrier: number): Omit<BidPosition, 'bidEndAt'> {
  const order = ranked(s.model);
  const bid = s.model.get(carrier) as ModelBid;
  return {
    amountRupees: bid.amount / 100,
    vehicles: bid.vehicles,
    rank: s.run.visibility === 'nothing' ? null : order.findIndex(([c]) => c === carrier) + 1,
    lowestRupees: s.run.visibility === 'rank_and_lowest' ? (order[0]?.[1].amount ?? 0) / 100 : null,
    revisions: bid.revisions,
  };
}

/** The amount in paise a command bids, from the carrier's own bid and the others'. */
function amountOf(s: RunState, cmd: Command, mine: ModelBid | undefined): number {
  const others = [...s.model.entries()].filter(([c]) => c !== cmd.carrier).map(([, b]) => b.amount);
  if (cmd.kind === 'match' && others.length) {
    return others[cmd.step % others.length] ?? 1;
  }
  if (!mine) {
    return 5_000_000 + (cmd.carrier * 7 + cmd.step) * 10_000 + cmd.jitter * 100;
  }
  if (cmd.kind === 'lower' || cmd.kind === 'match') {
    return mine.amount - s.minStep * (1 + cmd.step) - cmd.jitter;
  }
  if (cmd.kind === 'exact') {
    return mine.amount - s.minStep;
  }
  if (cmd.kind === 'short') {
    return mine.amount - s.minStep + 1 + (cmd.jitter % s.minStep);
  }
  return cmd.kind === 'raise' ? mine.amount + 1 + cmd.jitter : mine.amount;
}

/** The Idempotency-Key a command sends: none, a new one, or the carrier's last one. */
function keyOf(s: RunState, cmd: Command, i: number): string | undefined {
  if (cmd.key === 'new' || (cmd.key === 'reuse' && !s.lastKey.has(cmd.carrier))) {
    const key = `key-${runs}-${i}`;
    s.lastKey.set(cmd.carrier, key);
    return key;
  }
  return cmd.key === 'reuse' ? s.lastKey.get(cmd.carrier) : undefined;
}

/** The model's answer to a bid, applying it to the model when it is accepted. */
function expectedOf(s: RunState, cmd: Command, bidAt: { amount: number; key: string | undefined; now: Date }): Expected {
  const { amount, key, now } = bidAt;
  const mine = s.model.get(cmd.carrier);
  if (cmd.carrier >= 5) {
    return { error: { status: 404 } };
  }
  if (cmd.vehicles > s.run.vehicleCount) {
    return { error: { status: 400, field: 'vehicles' } };
  }
  if (mine && key && mine.keys.has(key)) {
    const used = mine.keys.get(key);
    return used?.amount === amount && used.vehicles === cmd.vehicles
      ? { position: positionOf(s, cmd.carrier) }
      : { error: { status: 422, field: 'idempotencyKey' } };
  }
  if (mine && amount > mine.amount - s.minStep) {
    return { error: { status: 400, field: 'amountRupees' } };
  }
  const bid: ModelBid = mine ?? { order: s.created++, amount, at: 0, vehicles: 0, revisions: -1, keys: new Map(), amounts: [] };
  Object.assign(bid, { amount, at: now.getTime(), vehicles: cmd.vehicles, revisions: bid.revisions + 1 });
  bid.amounts.push(amount);
  if (key) {
    bid.keys.set(key, { amount, vehicles: cmd.vehicles });
  }
  s.model.set(cmd.carrier, bid);
  return { position: positionOf(s, cmd.carrier) };
}

/** Turns a command into a call and the model's answer, applying it to the model. */
function prepare(s: RunState, cmd: Command, i: number) {
  s.clock += cmd.tick;
  const now = new Date(s.clock);
  const amount = amountOf(s, cmd, s.model.get(cmd.carrier));
  const key = keyOf(s, cmd, i);
  const body = { amountRupees: amount / 100, vehicles: cmd.vehicles, ...(key ? { idempotencyKey: key } : {}) };
  const expected = expectedOf(s, cmd, { amount, key, now });
  const carrier = carriers[cmd.carrier] as Carrier;
  return {
    expected,
    call: () => placeBid(t.database.db, { id: carrier.userId, carrierId: carrier.carrierId }, s.request.id, body, now),
  };
}

/** Racing groups: a command with `race` joins the Promise.all of the ones before it. */
function raceGroups(commands: Command[]): Command[][] {
  const groups: Command[][] = [];
  for (const cmd of commands) {
    const last = groups.at(-1);
    if (cmd.race && last && last.length < MAX_RACE) {
      last.push(cmd);
    } else {
      groups.push([cmd]);
    }
  }
  return groups;
}

/** One call's outcome against the model's answer: the same refusal (status and field) or the same position. */
function expectOutcome(outcome: PromiseSettledResult<BidPosition>, expected: Expected, bidEndAt: string) {
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
    expect((outcome as PromiseFulfilledResult<BidPosition>).value).toEqual({ ...expected.position, bidEndAt });
  }
}

/** The database afterwards: the board, the bid rows, and every carrier's revisions. */
async function expectDatabase(s: RunState) {
  const { model, minStep, request } = s;
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

/** One run: its request, its commands group by group against the model, then the database. */
async function checkRun(run: Run) {
  runs++;
  const request = await openRequest(run);
  const s: RunState = {
    run,
    request,
    minStep: Math.max(1, run.minDecrementPaise),
    model: new Map(),
    lastKey: new Map(),
    created: 0,
    clock: Date.now(),
  };
  let index = 0;
  for (const group of raceGroups(run.commands)) {
    // The model applies the group in call order: placeBid applies racing bids in arrival order.
    const prepared = group.map((cmd) => prepare(s, cmd, index++));
    const outcomes = await Promise.allSettled(prepared.map((p) => p.call()));
    outcomes.forEach((outcome, i) => {
      expectOutcome(outcome, prepared[i]?.expected as Expected, request.bidEndAt);
    });
  }
  placed += run.commands.length;
  await expectDatabase(s);
}
