import { useDeferredValue } from 'react';

/**
 * A value whose first arrival (undefined → an answer) is drawn at transition priority, and whose
 * later changes at once. A query's answer reaches React through useSyncExternalStore, whose
 * updates React draws in one uninterruptible task; the first answer draws the whole page at once,
 * 75 ms on the test host and four times that on a mid-range phone (record 0319). Drawn as a
 * transition, React yields to the browser every few milliseconds meanwhile. A later answer (a
 * move's) is small and shows at once, so a button never shows a move already made.
 */
export function useFirstArrival<T>(value: T | undefined): T | undefined {
  const deferred = useDeferredValue(value);
  return deferred === undefined ? deferred : value;
}
