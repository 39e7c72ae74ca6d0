import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@freightdesk/shared/permissions';
import { findRouteById } from '@freightdesk/shared/routes';
import { featureFor } from './feature-pages.tsx';
import { NEXT_LIKELY, nextLikelyRoute } from './prefetch-features.ts';

describe('the page fetched after the first one is idle (record 0297)', () => {
  it('is a route of the shared table, drawn by another feature than the page it follows', () => {
    const pairs = Object.entries(NEXT_LIKELY).flatMap(([from, nexts]) => nexts.map((next) => [from, next] as const));
    expect(pairs.length).toBeGreaterThan(3);
    for (const [from, next] of pairs) {
      expect(findRouteById(from), from).toBeDefined();
      expect(findRouteById(next), next).toBeDefined();
      expect(featureFor(next), next).toBeDefined();
      expect(featureFor(next), `${from} -> ${next}`).not.toBe(featureFor(from));
    }
  });

  it('is one the user may open: the outbound orders for an owner, the own orders for a carrier', () => {
    expect(nextLikelyRoute('dashboard', 3, PERMISSIONS)).toBe('order-outbound');
    expect(nextLikelyRoute('dashboard', 2, [])).toBe('carrier-orders');
    expect(nextLikelyRoute('dashboard', 4, ['list-plant'])).toBeUndefined();
    expect(nextLikelyRoute('order-outbound', 3, PERMISSIONS)).toBe('order-outbound.outbound-live-tracking');
  });

  it('is nothing for a page without a likely next one (the menu prefetches on intent)', () => {
    expect(nextLikelyRoute('plant', 3, PERMISSIONS)).toBeUndefined();
    expect(nextLikelyRoute('carrier-orders', 2, [])).toBeUndefined();
  });
});
