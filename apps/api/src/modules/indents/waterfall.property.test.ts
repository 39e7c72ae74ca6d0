// Property test of the indent waterfall against the real database (PGlite, or PostgreSQL with
// TEST_DB=postgres): random indents (vehicles, primary, backups) meet random sequences of
// accepts of some vehicles, rejections, missed deadlines, answers racing each other, and
// "restarts" (the state read back from the database only, as a new process would). After every
// step: vehicles = accepted + spot + asked of the one carrier being asked, one order per accepted
// vehicle, no carrier asked twice; at the end every vehicle has exactly one carrier or is spot.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { contractedLane } from '../../test/contracts.ts';
import { caller } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { hoursFromNow, type Procurement, setupProcurement } from '../../test/procurement.ts';
import { answerTurn, expireTurn } from './waterfall.ts';
import { rowsOf } from '../../db/rows.ts';

const t = useTestApp();
const call = caller(t);
let p: Procurement;
let laneId = 0;
const users: Record<number, number> = {};

type Turn = { id: number; link: number; status: string; asked: number | null; accepted: number; deadline: string | null };
type State = { status: string; vehicles: number; accepted: number; spot: number; turns: Turn[]; orders: Record<number, number> };

/** The indent as the database holds it (nothing kept in memory between steps: a restart at every step). */
async function read(id: number): Promise<State> {
  const db = t.database.db;
  const [i] = rowsOf<{ status: string; vehicles: number; accepted: number; spot: number }>(
    await db.execute(sql`select status, vehicles, accepted_vehicles as accepted, spot_vehicles as spot from indents where id = ${id}`),
  );
  const turns = rowsOf<Turn>(
    await db.execute(sql`select id, industry_carrier_id as link, status, vehicles_asked as asked, vehicles_accepted as accepted, deadline_at as deadline
      from indent_allocations where indent_id = ${id} order by seq`),
  );
  const orders = rowsOf<{ link: number; n: number }>(
    await db.execute(sql`select industry_carrier_id as link, count(*)::int as n from orders where indent_id = ${id} group by 1`),
  );
  if (!i) {
    throw new Error(`indent ${id} is gone`);
  }
  return { ...i, turns, orders: Object.fromEntries(orders.map((o) => [o.link, o.n])) };
}

/** Just after the turn's deadline (the job's clock; the next turn's deadline counts from it). */
const pastDeadline = (turn: Turn) => new Date(new Date(turn.deadline ?? Date.now()).getTime() + 1);

function checkInvariants(s: State) {
  const offered = s.turns.filter((x) => x.status === 'offered');
  expect(offered.length).toBeLessThanOrEqual(1);
  const asked = offered[0]?.asked ?? 0;
  expect(s.accepted + s.spot + asked).toBe(s.vehicles);
  expect(s.turns.reduce((sum, x) => sum + x.accepted, 0)).toBe(s.accepted);
  for (const x of s.turns) {
    expect(s.orders[x.link] ?? 0).toBe(x.accepted);
  }
  expect(new Set(s.turns.map((x) => x.link)).size).toBe(s.turns.length);
  if (s.status === 'open') {
    expect(offered).toHaveLength(1);
  } else {
    expect(offered).toHaveLength(0);
    expect(s.accepted + s.spot).toBe(s.vehicles);
    expect(s.status).toBe(s.spot > 0 ? 'spot' : 'fulfilled');
  }
}

const step = fc.oneof(
  fc.record({ kind: fc.constant('accept' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('reject' as const) }),
  fc.record({ kind: fc.constant('expire' as const) }),
  fc.record({ kind: fc.constant('race' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

beforeAll(async () => {
  p = await setupProcurement(t);
  laneId = (await contractedLane(t, p, 50)).laneId;
  for (const [email, link] of [
    ['carrier@demo.test', p.vayuLink],
    ['ganesh@carrier.test', p.ganeshLink],
  ] as const) {
    const [u] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from users where email = ${email}`));
    users[link] = u?.id ?? 0;
  }
});

describe('indent waterfall (property)', () => {
  it('never loses a vehicle nor gives one to two carriers, whatever the answers, deadlines and races', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom<'auto' | 'vayu' | 'ganesh'>('auto', 'vayu', 'ganesh'),
        fc.boolean(),
        fc.array(step, { minLength: 1, maxLength: 5 }),
        async (vehicles, primary, noBackups, steps) => {
          const primaryCarrierLinkId = primary === 'vayu' ? p.vayuLink : primary === 'ganesh' ? p.ganeshLink : null;
          const other = primary === 'vayu' ? p.ganeshLink : p.vayuLink;
          const placed = await call('POST', '/api/indents', p.owner, {
            indents: [
              {
                laneId,
                vehicles,
                reportingAt: hoursFromNow(48),
                primaryCarrierLinkId,
                backupCarrierLinkIds: noBackups || primary === 'auto' ? [] : [other],
              },
            ],
          });
          expect(placed.statusCode, placed.body).toBe(201);
          const id = placed.json().data[0].id as number;
          checkInvariants(await read(id));
          for (const s of steps) {
            const now = await read(id);
            const turn = now.turns.find((x) => x.status === 'offered');
            if (!turn) {
              break;
            }
            const actor = { id: users[turn.link] ?? 0, linkIds: [turn.link] };
            const take = (share: number) => Math.max(1, Math.ceil(share * (turn.asked ?? 1)));
            const tolerate = (e: unknown) => {
              if (!(e instanceof AppError) || e.statusCode !== 409) {
                throw e;
              }
            };
            if (s.kind === 'accept') {
              await answerTurn(t.database.db, actor, id, { answer: 'accept', vehicles: take(s.share) });
            } else if (s.kind === 'reject') {
              await answerTurn(t.database.db, actor, id, { answer: 'reject', reason: 'Property test' });
            } else if (s.kind === 'expire') {
              await expireTurn(t.database.db, turn.id, pastDeadline(turn));
            } else {
              // Two answers and the deadline at once: at most one answer counts.
              const results = await Promise.allSettled([
                answerTurn(t.database.db, actor, id, { answer: 'accept', vehicles: take(s.share) }),
                answerTurn(t.database.db, actor, id, { answer: 'accept', vehicles: turn.asked ?? 1 }),
                expireTurn(t.database.db, turn.id, pastDeadline(turn)),
              ]);
              for (const r of results) {
                if (r.status === 'rejected') {
                  tolerate(r.reason);
                }
              }
            }
            checkInvariants(await read(id));
          }
          // Whatever is still asked ends by its deadline: every vehicle then has one carrier or is spot.
          for (let guard = 0; guard < 5; guard++) {
            const turn = (await read(id)).turns.find((x) => x.status === 'offered');
            if (!turn) {
              break;
            }
            await expireTurn(t.database.db, turn.id, pastDeadline(turn));
          }
          const end = await read(id);
          checkInvariants(end);
          expect(end.status).not.toBe('open');
        },
      ),
      { numRuns: Number(process.env.INDENT_PROPERTY_RUNS ?? 40) },
    );
  });
});
