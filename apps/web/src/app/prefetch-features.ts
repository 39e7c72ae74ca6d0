import type { Permission } from '@freightdesk/shared/permissions';
import { useEffect } from 'react';
import { menuFor } from '../components/layout/menu.ts';
import { useSession } from '../lib/session.ts';
import { type FeatureLoader, featureFor } from './feature-pages.tsx';

/** Runs a task when the browser is idle (Safari has no requestIdleCallback: a short timer there). */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 300);
  return () => window.clearTimeout(id);
}

/** The features the user's menu opens, once each, in menu order. */
export function menuFeatures(userType: number, permissions: readonly Permission[]): FeatureLoader[] {
  const loaders = menuFor(userType, permissions).flatMap((g) => g.items.map((item) => featureFor(item.id)));
  return [...new Set(loaders.filter((l): l is FeatureLoader => l !== undefined))];
}

/**
 * After the first page behind the login, fetches the code of the features in the user's menu, one
 * at a time in idle moments, so opening them later does not wait for it. Features the user cannot
 * open (the admin area for a carrier, the carrier portal for a shipper) are never fetched. A failed
 * fetch stops the run: the page that needs it tries again when opened.
 */
export function usePrefetchMenuFeatures(): void {
  const { userType, permissions, loggedIn } = useSession();
  // The guard refreshes the permissions on each navigation (a new array, the same names): the run
  // starts again only when they change.
  const names = permissions.join(',');
  useEffect(() => {
    if (!loggedIn) {
      return;
    }
    const queue = menuFeatures(userType, names.split(',') as Permission[]);
    let cancel = () => {};
    let stopped = false;
    const next = () => {
      const load = queue.shift();
      if (!load || stopped) {
        return;
      }
      cancel = whenIdle(() => {
        load().then(next, () => undefined);
      });
    };
    next();
    return () => {
      stopped = true;
      cancel();
    };
  }, [userType, names, loggedIn]);
}
