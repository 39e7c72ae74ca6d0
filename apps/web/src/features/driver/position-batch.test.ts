import { describe, expect, it } from 'vitest';
import type { TripPosition } from './api/trip-moves.ts';
import { BATCH_EVERY_MS, PositionQueue } from './position-batch.ts';

const at = (i: number): TripPosition => ({
  latitude: 18.5 + i / 1000,
  longitude: 73.8,
  at: new Date(Date.UTC(2026, 11, 6, 10, i)).toISOString(),
});

function queue(cap?: number) {
  let n = 0;
  return new PositionQueue(0, () => `key-${++n}`, cap);
}

describe('position batches', () => {
  it('sends after 30 s, or at once when 10 wait', () => {
    const q = queue();
    q.add(at(1));
    expect(q.due(BATCH_EVERY_MS - 1)).toBe(false);
    expect(q.due(BATCH_EVERY_MS)).toBe(true);
    for (let i = 2; i <= 10; i++) {
      q.add(at(i));
    }
    expect(q.due(1)).toBe(true);
    expect(q.take()?.positions).toHaveLength(10);
  });

  it('sends nothing when nothing waits', () => {
    const q = queue();
    expect(q.due(10 * BATCH_EVERY_MS)).toBe(false);
    expect(q.take()).toBeNull();
  });

  it('resends an unanswered batch under the same key, then starts a new one', () => {
    const q = queue();
    q.add(at(1));
    q.add(at(2));
    const first = q.take();
    q.add(at(3));
    expect(q.take()).toEqual(first);
    expect(first?.key).toBe('key-1');
    expect(first?.positions.map((p) => p.at)).toEqual([at(1).at, at(2).at]);
    q.sent(BATCH_EVERY_MS);
    expect(q.due(BATCH_EVERY_MS + 1)).toBe(false);
    expect(q.due(2 * BATCH_EVERY_MS)).toBe(true);
    expect(q.take()).toEqual({ positions: [at(3)], key: 'key-2' });
  });

  it('keeps at most the cap without network, dropping the oldest', () => {
    const q = queue(5);
    for (let i = 1; i <= 8; i++) {
      q.add(at(i));
    }
    expect(q.size).toBe(5);
    expect(q.take()?.positions.map((p) => p.at)).toEqual([4, 5, 6, 7, 8].map((i) => at(i).at));
  });

  it('sends at most 50 in one call', () => {
    const q = queue(500);
    for (let i = 0; i < 120; i++) {
      q.add(at(i));
    }
    expect(q.take()?.positions).toHaveLength(50);
    q.sent(0);
    expect(q.take()?.positions).toHaveLength(50);
    q.sent(0);
    expect(q.take()?.positions).toHaveLength(20);
  });
});
