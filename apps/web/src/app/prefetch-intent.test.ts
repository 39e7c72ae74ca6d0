import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Each feature's loader, counted; `fail` makes the next fetch of a feature fail. */
const fetched: string[] = [];
const fail = new Set<string>();
const loaders = new Map<string, () => Promise<Record<string, never>>>();
const loaderOf = (feature: string) => {
  let load = loaders.get(feature);
  if (!load) {
    load = () => {
      fetched.push(feature);
      return fail.delete(feature) ? Promise.reject(new Error('offline')) : Promise.resolve({});
    };
    loaders.set(feature, load);
  }
  return load;
};

vi.mock('./feature-pages.tsx', () => ({
  featureFor: (id: string) => (id === 'login' ? undefined : loaderOf(id.split('.')[0] ?? id)),
}));

const { intentHandlers, prefetchRoute } = await import('./prefetch-features.ts');

beforeEach(() => {
  fetched.length = 0;
});

describe("a menu link's feature is fetched on intent (record 0297)", () => {
  it('when the pointer comes over the link, it takes the focus or a finger touches it: once', async () => {
    const link = intentHandlers('plant');
    expect(fetched).toEqual([]);
    link.onPointerEnter();
    link.onFocus();
    link.onTouchStart();
    intentHandlers('plant.edit').onFocus();
    await Promise.resolve();
    expect(fetched).toEqual(['plant']);
    intentHandlers('staff').onTouchStart();
    expect(fetched).toEqual(['plant', 'staff']);
  });

  it('again after a failed fetch, and never for a page of the first bundle', async () => {
    fail.add('roles');
    prefetchRoute('roles');
    await new Promise((resolve) => setTimeout(resolve, 0));
    prefetchRoute('roles');
    prefetchRoute('roles');
    prefetchRoute('login');
    expect(fetched).toEqual(['roles', 'roles']);
  });
});
