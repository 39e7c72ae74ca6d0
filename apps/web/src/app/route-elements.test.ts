import { describe, expect, it } from 'vitest';
import { ROUTES } from '@freightdesk/shared/routes';
import { FEATURES, featureFor } from './feature-pages.tsx';
import { routeElements } from './route-elements.tsx';

const ids = new Set(ROUTES.map((r) => r.id));

describe('route elements', () => {
  it('are keyed by ids of the shared route table', () => {
    expect(Object.keys(routeElements).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('load each lazy page from the feature that draws it', { timeout: 30_000 }, async () => {
    const drawn: string[] = [];
    for (const [loader] of FEATURES) {
      const elements = await loader();
      for (const id of Object.keys(elements)) {
        drawn.push(id);
        expect(featureFor(id), `${id} is found in its own feature`).toBe(loader);
        expect(ids.has(id), `${id} is in the route table`).toBe(true);
        expect(routeElements[id], `${id} is drawn once`).toBeUndefined();
      }
    }
    // The pages of the first version of this table, every one still drawn.
    expect(drawn).toEqual(
      expect.arrayContaining(['dashboard', 'carrier-orders', 'admin-shippers', 'order-outbound.outbound-live-tracking']),
    );
    expect(new Set(drawn).size).toBeGreaterThanOrEqual(140);
  });

  it('names only route ids or their sections as feature keys', () => {
    const sections = new Set(ROUTES.map((r) => r.id.split('.')[0]));
    const keys = FEATURES.flatMap(([, k]) => k);
    expect(keys.filter((k) => !ids.has(k) && !sections.has(k))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
