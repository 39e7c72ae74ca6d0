import { describe, expect, it } from 'vitest';
import { clusterPixels, clusterSummary, type PixelPoint } from './grid-cluster.ts';

const at = (item: string, x: number, y: number, rank = 0): PixelPoint<string> => ({ item, x, y, rank });
const sorted = (clusters: { items: string[] }[]) =>
  clusters.map((c) => [...c.items].sort()).sort((a, b) => a[0]?.localeCompare(b[0] ?? '') ?? 0);

describe('clusterPixels', () => {
  it('groups points within the radius and keeps distant ones apart', () => {
    const clusters = clusterPixels([at('a', 100, 100), at('b', 120, 110), at('c', 90, 95), at('far', 400, 100)], 60);
    expect(sorted(clusters)).toEqual([['a', 'b', 'c'], ['far']]);
    const big = clusters.find((c) => c.items.length === 3);
    expect(big?.x).toBeCloseTo(310 / 3);
    expect(big?.y).toBeCloseTo(305 / 3);
  });

  it('joins points across a grid cell border (distance, not the cell, decides)', () => {
    // 59 and 61 lie in different 60-pixel cells, 2 pixels apart.
    expect(sorted(clusterPixels([at('a', 59, 10), at('b', 61, 10)], 60))).toEqual([['a', 'b']]);
  });

  it('keeps members near their centre, and loses no point', () => {
    const points = Array.from({ length: 500 }, (_, i) => at(`v${i}`, (i * 37) % 1000, (i * 91) % 700, i % 6));
    const clusters = clusterPixels(points, 50);
    expect(clusters.flatMap((c) => c.items).sort()).toEqual(points.map((p) => p.item).sort());
    expect(clusters.length).toBeGreaterThan(1);
    expect(clusters.length).toBeLessThan(points.length);
    const byItem = new Map(points.map((p) => [p.item, p]));
    for (const c of clusters) {
      for (const item of c.items) {
        const p = byItem.get(item);
        // Each member joined within the radius of the centre; the centre drifts a little as others
        // join, so members of spread-out points like these stay within twice the radius of it.
        expect(Math.hypot((p?.x ?? 0) - c.x, (p?.y ?? 0) - c.y)).toBeLessThanOrEqual(100);
      }
    }
  });

  it('names the worst member (highest rank) whatever the order of the points', () => {
    const points = [at('moving', 10, 10, 2), at('halted', 12, 10, 5), at('late', 14, 12, 3), at('done', 11, 13, 0)];
    for (const order of [points, [...points].reverse(), [points[2], points[0], points[3], points[1]]]) {
      const [only, ...rest] = clusterPixels(
        order.filter((p) => p !== undefined),
        40,
      );
      expect(rest).toEqual([]);
      expect(only?.worst).toBe('halted');
      expect(only?.items).toHaveLength(4);
    }
  });

  it('gives the same clusters for the same points listed in another order', () => {
    const points = Array.from({ length: 60 }, (_, i) => at(`v${i}`, (i * 53) % 300, (i * 29) % 200));
    expect(sorted(clusterPixels([...points].reverse(), 40))).toEqual(sorted(clusterPixels(points, 40)));
  });

  it('answers a single point as a cluster of one, and nothing for no points', () => {
    expect(clusterPixels([at('solo', 5, 5, 1)], 60)).toEqual([{ items: ['solo'], x: 5, y: 5, worst: 'solo' }]);
    expect(clusterPixels([], 60)).toEqual([]);
  });
});

describe('clusterSummary', () => {
  it('counts a cluster by state, worst state first', () => {
    const items = [
      { state: 'In transit', rank: 2 },
      { state: 'Halted', rank: 5 },
      { state: 'In transit', rank: 2 },
      { state: 'Delayed', rank: 3 },
      { state: 'Halted', rank: 5 },
      { state: 'In transit', rank: 2 },
    ];
    expect(clusterSummary(items)).toBe('2 Halted, 1 Delayed, 3 In transit');
  });
});
