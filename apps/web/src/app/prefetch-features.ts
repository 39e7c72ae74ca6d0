import { findRouteById } from '@freightdesk/shared/routes';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { getSession } from '../lib/session.ts';
import { whenIdle } from '../lib/when-idle.ts';
import { type FeatureLoader, featureFor } from './feature-pages.tsx';
import { userMayOpen } from './guard.ts';

/** Features whose code was asked for (or arrived): each is fetched once; a failed fetch may be asked again. */
const started = new Set<FeatureLoader>();

/**
 * Fetches the code of the feature that draws route `id` (record 0297), once. Nothing for a route the
 * first bundle draws. A failed fetch is forgotten: the page that needs it tries again when opened.
 */
export function prefetchRoute(id: string): void {
  const load = featureFor(id);
  if (!load || started.has(load)) {
    return;
  }
  started.add(load);
  load().catch(() => started.delete(load));
}

/**
 * The handlers a menu link takes: its feature's code is fetched when the pointer comes over it,
 * when it takes the keyboard's focus or when a finger touches it, a moment before the click.
 */
export function intentHandlers(id: string) {
  const prefetch = () => prefetchRoute(id);
  return { onPointerEnter: prefetch, onFocus: prefetch, onTouchStart: prefetch };
}

/**
 * The page most likely opened next from a page (by route id), in another feature than the page's
 * own: a dashboard's tiles open the order lists (the carrier's own for a carrier), an order list's
 * rows open an order and its live tracking. The first one the user may open is fetched. Kept small
 * and explicit: every entry costs a download on a phone's data plan.
 */
export const NEXT_LIKELY: Readonly<Record<string, readonly string[]>> = {
  dashboard: ['order-outbound', 'carrier-orders'],
  'order-outbound': ['order-outbound.outbound-live-tracking'],
  'order-inbound': ['order-inbound.inbound-live-tracking'],
  'request-outbound': ['order-outbound'],
  'request-inbound': ['order-inbound'],
  'gate-inbound': ['order-inbound'],
  'gate-outbound': ['order-outbound'],
};

/** The page to fetch after route `id`: the first of NEXT_LIKELY the user may open, if any. */
export function nextLikelyRoute(id: string, userType: number, permissions: Parameters<typeof userMayOpen>[2]): string | undefined {
  return NEXT_LIKELY[id]?.find((next) => {
    const route = findRouteById(next);
    return route !== undefined && userMayOpen(route, userType, permissions);
  });
}

/** The route id of the page shown (router.tsx puts it in each route's handle). */
function useRouteId(): string | undefined {
  const handle = useMatches().at(-1)?.handle;
  return handle && typeof handle === 'object' && 'routeId' in handle && typeof handle.routeId === 'string' ? handle.routeId : undefined;
}

/**
 * How long after a page opens its likely next page may be fetched: on a phone's connection the page's
 * own later calls (a list's next query, a chart, map tiles) go first.
 */
export const NEXT_PAGE_DELAY_MS = 3000;

/**
 * Once the page shown has settled and the browser is idle, fetches the code of the page most likely
 * opened next from it (NEXT_LIKELY), and nothing else: the menu's features come on intent
 * (intentHandlers).
 */
export function usePrefetchNextPage(): void {
  const id = useRouteId();
  useEffect(() => {
    const { userType, permissions } = getSession();
    const next = id ? nextLikelyRoute(id, userType, permissions) : undefined;
    if (!next) {
      return;
    }
    let cancelIdle = () => {};
    const timer = window.setTimeout(() => {
      cancelIdle = whenIdle(() => prefetchRoute(next));
    }, NEXT_PAGE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      cancelIdle();
    };
  }, [id]);
}
