import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client.ts';

/** A row of the shipper's board (GET /api/requests/outbound/{id}/bids). */
export type BoardRow = { id: number; rank: number; carrierLinkId: number; amountRupees: number; bidAt: string };

/**
 * The bids bench's database check on the app's request afterwards: every carrier's revisions
 * decrease by at least the decrement, each bid row matches its last revision, the revisions stored
 * equal the bids accepted (`accepted`, the first bids included), and the board's ranks follow
 * amount, then bid time, then id, one bid per carrier. Answers the problems found (none: it holds).
 */
export async function checkBids(
  database: Database,
  requestId: number,
  opts: { decrement: number; accepted: number; carriers: number; board: BoardRow[] },
): Promise<{ problems: string[]; summary: string }> {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const minStep = Math.max(1, Math.round(opts.decrement * 100));
  const [decrements] = await rows<{ n: number }>(sql`
    select count(*)::int as n from (
      select amount_paise, lag(amount_paise) over (partition by bid_id order by id) as prev
      from bid_revisions where bid_id in (select id from bids where request_id = ${requestId})) x
    where prev is not null and prev - amount_paise < ${minStep}`);
  // One pass over the revisions (grouped), not two subqueries a bid: after a storm of 100,000
  // revisions the planner, before statistics catch up, walked the whole table once a bid.
  const [mismatched] = await rows<{ n: number }>(sql`
    select count(*)::int as n from bids b
    left join (
      select bid_id, count(*) - 1 as later, (array_agg(amount_paise order by id desc))[1] as last_paise
      from bid_revisions where bid_id in (select id from bids where request_id = ${requestId})
      group by bid_id) r on r.bid_id = b.id
    where b.request_id = ${requestId}
      and (r.bid_id is null or b.revisions <> r.later or b.amount_paise <> r.last_paise)`);
  const [stored] = await rows<{ n: number }>(
    sql`select count(*)::int as n from bid_revisions where bid_id in (select id from bids where request_id = ${requestId})`,
  );
  const { board } = opts;
  const byRule = [...board].sort((a, b) => a.amountRupees - b.amountRupees || a.bidAt.localeCompare(b.bidAt) || a.id - b.id);
  const rankViolations = board.filter((b, i) => b.rank !== i + 1 || byRule[i]?.id !== b.id).length;
  const carriersOnBoard = new Set(board.map((b) => b.carrierLinkId)).size;
  const problems = [
    decrements?.n ? `${decrements.n} revisions lowered by less than the decrement` : '',
    mismatched?.n ? `${mismatched.n} bids disagree with their revisions` : '',
    stored?.n !== opts.accepted ? `${stored?.n} revisions stored for ${opts.accepted} accepted bids` : '',
    rankViolations ? `${rankViolations} board rows out of rank order` : '',
    carriersOnBoard !== board.length || board.length !== opts.carriers ? `${board.length} bids from ${carriersOnBoard} carriers` : '',
  ].filter(Boolean);
  return { problems, summary: `${stored?.n} revisions, decrements and ranks hold; L1 ₹${board[0]?.amountRupees}` };
}
