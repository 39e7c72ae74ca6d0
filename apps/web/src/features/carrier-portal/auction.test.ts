import { describe, expect, it } from 'vitest';
import type { BidPosition, CarrierRequest } from '@freightdesk/shared/schemas/bid';
import {
  bidPlacedText,
  justFinished,
  laneLabel,
  leftLive,
  matchesLiveFilter,
  matchesSearch,
  nextBidHint,
  outcomeOf,
  rankChanges,
} from './auction.ts';

const NOW = Date.parse('2026-05-01T06:30:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

const position = (patch: Partial<BidPosition> = {}): BidPosition => ({
  amountRupees: 45000,
  vehicles: 2,
  rank: 1,
  lowestRupees: null,
  bidEndAt: at(3_600_000),
  revisions: 0,
  ...patch,
});

const request = (patch: Partial<CarrierRequest> = {}): CarrierRequest => ({
  id: 1,
  number: 'OB-2026-000001',
  requestType: 1,
  status: 'open',
  shipperName: 'Demo Industries',
  plantName: 'Pune Chakan Plant',
  pickupLabel: 'Pune Chakan Plant, Pune',
  dropoffLabels: ['Surat DC, Surat'],
  vehicleTypeName: '32 ft MXL',
  productName: 'Steel coils',
  weightTonnes: 18,
  vehicleCount: 3,
  pickupAt: at(86_400_000),
  bidStartAt: at(-600_000),
  bidEndAt: at(3_600_000),
  priceBasis: 'trip',
  hideMaterial: false,
  remarks: null,
  myBid: null,
  minDecrementRupees: 0,
  antiSnipingMinutes: 5,
  outcome: 'pending',
  awardedVehicles: 0,
  ...patch,
});

describe('labels', () => {
  it('joins the lane with arrows and skips an empty pickup', () => {
    expect(laneLabel(request({ dropoffLabels: ['Surat DC, Surat', 'Vapi Yard, Vapi'] }))).toBe(
      'Pune Chakan Plant, Pune → Surat DC, Surat → Vapi Yard, Vapi',
    );
    expect(laneLabel(request({ pickupLabel: '', dropoffLabels: ['Pune Chakan Plant, Pune'] }))).toBe('Pune Chakan Plant, Pune');
  });
  it('hints the downward-only rule and reports the placed bid', () => {
    expect(nextBidHint(null)).toBeNull();
    expect(nextBidHint(position({ amountRupees: 145000 }))).toBe('Your next bid must be below ₹1,45,000.00');
    expect(nextBidHint(position({ amountRupees: 45000 }), 500)).toBe('Your next bid must be ₹44,500.00 or less');
    expect(bidPlacedText(position({ amountRupees: 48000, rank: 1 }))).toBe('Bid placed: ₹48,000.00, you are L1');
    expect(bidPlacedText(position({ amountRupees: 48000, rank: null }))).toBe('Bid placed: ₹48,000.00');
  });
});

describe('outcomeOf', () => {
  it('is empty while live', () => {
    expect(outcomeOf(request())).toBeNull();
    expect(outcomeOf(request({ status: 'scheduled' }))).toBeNull();
  });
  it('names awards with their vehicles, regrets, and closed requests awaiting the award', () => {
    expect(outcomeOf(request({ status: 'awarded', outcome: 'awarded', awardedVehicles: 2, myBid: position() }))).toEqual({
      label: 'Awarded (2 vehicles)',
      color: 'green',
    });
    expect(outcomeOf(request({ status: 'awarded', outcome: 'awarded', awardedVehicles: 1, myBid: position() }))?.label).toBe(
      'Awarded (1 vehicle)',
    );
    expect(outcomeOf(request({ status: 'awarded', outcome: 'regret', myBid: position() }))).toEqual({ label: 'Regret', color: 'gray' });
    expect(outcomeOf(request({ status: 'closed', myBid: position() }))?.label).toBe('Closed — awaiting award');
    expect(outcomeOf(request({ status: 'closed' }))?.label).toBe('Closed — no bid from you');
  });
});

describe('just finished and filters', () => {
  const open = request({ id: 1 });
  const scheduled = request({ id: 2, status: 'scheduled' });
  const closed = request({ id: 3, status: 'closed', bidEndAt: at(-60_000) });
  const awarded = request({ id: 4, status: 'awarded', outcome: 'regret', bidEndAt: at(-120_000) });
  const watched = (...rows: CarrierRequest[]) => new Map(rows.map((r) => [r.id, r]));
  it('finds the watched requests that left a complete live answer, under the search', () => {
    const seen = watched(open, scheduled, request({ id: 5, shipperName: 'Other Mills' }));
    expect(leftLive(seen, [open, scheduled], '', { complete: true, now: NOW })).toEqual([5]);
    expect(leftLive(seen, [open], '', { complete: true, now: NOW })).toEqual([2, 5]);
    // One the search hides has not left: the answer was never going to hold it.
    expect(leftLive(seen, [open], 'demo', { complete: true, now: NOW })).toEqual([2]);
    expect(leftLive(new Map(), [open], '', { complete: true, now: NOW })).toEqual([]);
  });
  it('on a partial answer (more pages), counts only those whose bid end has passed', () => {
    const ended = request({ id: 6, bidEndAt: at(-1000) });
    expect(leftLive(watched(open, ended), [], '', { complete: false, now: NOW })).toEqual([6]);
  });
  it('keeps the closed and awarded ones read again, newest bid end first, under the search', () => {
    const cancelled = request({ id: 7, status: 'cancelled' });
    expect(justFinished([awarded, undefined, closed, open, cancelled], '').map((r) => r.id)).toEqual([3, 4]);
    expect(justFinished([awarded, closed], 'chennai')).toEqual([]);
  });
  it('filters by where the carrier stands', () => {
    const none = request();
    const leading = request({ myBid: position({ rank: 1 }) });
    const behind = request({ myBid: position({ rank: 3 }) });
    const hidden = request({ myBid: position({ rank: null }) });
    const pick = (f: Parameters<typeof matchesLiveFilter>[1]) =>
      [none, leading, behind, hidden].filter((r) => matchesLiveFilter(r, f)).map((r) => r.myBid?.rank);
    expect(pick('all')).toHaveLength(4);
    expect(pick('no-bid')).toEqual([undefined]);
    expect(pick('outbid')).toEqual([3]);
    expect(pick('leading')).toEqual([1]);
  });
  it('searches number, shipper, lane, vehicle type and a material not hidden', () => {
    expect(matchesSearch(open, 'surat')).toBe(true);
    expect(matchesSearch(open, ' 000001 ')).toBe(true);
    expect(matchesSearch(open, 'demo ind')).toBe(true);
    expect(matchesSearch(open, 'mxl')).toBe(true);
    expect(matchesSearch(open, 'chennai')).toBe(false);
    expect(matchesSearch(open, '')).toBe(true);
    expect(matchesSearch(open, 'steel')).toBe(true);
    expect(matchesSearch(request({ productName: null, hideMaterial: true }), 'steel')).toBe(false);
  });
});

describe('rankChanges', () => {
  const at1 = request({ id: 1, myBid: position({ rank: 1 }) });
  const at2 = request({ id: 1, myBid: position({ rank: 2 }) });
  it('reports nothing on the first list', () => {
    const { drops, ranks } = rankChanges(null, [at2]);
    expect(drops).toEqual([]);
    expect([...ranks]).toEqual([[1, 2]]);
  });
  it('reports a live request where the rank got worse, with both ranks', () => {
    const first = rankChanges(null, [at1]).ranks;
    const { drops, ranks } = rankChanges(first, [at2]);
    expect(drops.map((d) => [d.request.number, d.from, d.to])).toEqual([['OB-2026-000001', 1, 2]]);
    // Compared against the new rank next time: no second alert for the same drop.
    expect(rankChanges(ranks, [at2]).drops).toEqual([]);
  });
  it('ignores improvements, first bids, hidden ranks and finished requests', () => {
    const before = new Map([
      [1, 2],
      [3, 1],
      [4, 1],
    ]);
    const list = [
      at1,
      request({ id: 2, myBid: position({ rank: 4 }) }),
      request({ id: 3, myBid: position({ rank: null }) }),
      request({ id: 4, status: 'closed', myBid: position({ rank: 2 }) }),
    ];
    expect(rankChanges(before, list).drops).toEqual([]);
  });
});
