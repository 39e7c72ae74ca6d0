/** Runs a task when the browser is idle (Safari has no requestIdleCallback: a short timer there); returns the cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof globalThis.requestIdleCallback === 'function') {
    const id = globalThis.requestIdleCallback(task, { timeout: 5000 });
    return () => globalThis.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 300);
  return () => clearTimeout(id);
}

/**
 * Resolves in a later task of the browser's: work after it is not part of the task before, so a
 * phone's first seconds are several shorter tasks rather than one long one (TBT, issue 35).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
