/** A point to cluster, in screen pixels at the map's zoom; `rank`: higher is worse (it colours its cluster). */
export type PixelPoint<T> = { item: T; x: number; y: number; rank: number };

/** A group of points close on screen: its members, its centre (mean pixel), and its worst member. */
export type PixelCluster<T> = { items: T[]; x: number; y: number; worst: T };

type Open<T> = { items: T[]; sumX: number; sumY: number; x: number; y: number; worst: T; worstRank: number };

/**
 * Greedy distance clustering on a grid, the way Leaflet.markercluster does it: each point joins
 * the nearest cluster whose centre lies within `radius` pixels (looked up in the 3×3 grid cells
 * around it), or starts a new one. Linear in the number of points, so it runs again at every zoom
 * for thousands of vehicles. Points are taken in a stable order (by y, then x), so the same
 * positions always give the same clusters, whatever order the server listed them in.
 */
export function clusterPixels<T>(points: PixelPoint<T>[], radius: number): PixelCluster<T>[] {
  const cells = new Map<string, Open<T>[]>();
  const all: Open<T>[] = [];
  const cellOf = (v: number) => Math.floor(v / radius);
  const sorted = [...points].sort((a, b) => a.y - b.y || a.x - b.x);
  for (const p of sorted) {
    const cx = cellOf(p.x);
    const cy = cellOf(p.y);
    let best: Open<T> | undefined;
    let bestD = radius * radius;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const c of cells.get(`${cx + dx}:${cy + dy}`) ?? []) {
          const d = (c.x - p.x) ** 2 + (c.y - p.y) ** 2;
          if (d <= bestD) {
            best = c;
            bestD = d;
          }
        }
      }
    }
    if (!best) {
      const made: Open<T> = { items: [p.item], sumX: p.x, sumY: p.y, x: p.x, y: p.y, worst: p.item, worstRank: p.rank };
      all.push(made);
      const key = `${cx}:${cy}`;
      cells.set(key, [...(cells.get(key) ?? []), made]);
      continue;
    }
    best.items.push(p.item);
    best.sumX += p.x;
    best.sumY += p.y;
    // The centre moves with its members while the cluster stays filed under the cell it started
    // in: a later point near a centre that drifted may start a cluster of its own (two badges side
    // by side, never a vehicle lost).
    best.x = best.sumX / best.items.length;
    best.y = best.sumY / best.items.length;
    if (p.rank > best.worstRank) {
      best.worst = p.item;
      best.worstRank = p.rank;
    }
  }
  return all.map(({ items, x, y, worst }) => ({ items, x, y, worst }));
}

/** "3 Halted, 1 Delayed, 8 In transit": a cluster's vehicles counted by state, worst first. */
export function clusterSummary(items: { state: string; rank: number }[]): string {
  const byState = new Map<string, { count: number; rank: number }>();
  for (const d of items) {
    byState.set(d.state, { count: (byState.get(d.state)?.count ?? 0) + 1, rank: d.rank });
  }
  return [...byState.entries()]
    .sort((a, b) => b[1].rank - a[1].rank)
    .map(([state, { count }]) => `${count} ${state}`)
    .join(', ');
}
