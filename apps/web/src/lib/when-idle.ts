/** Runs a task when the browser is idle (Safari has no requestIdleCallback: a short timer there); returns the cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof globalThis.requestIdleCallback === 'function') {
    const id = globalThis.requestIdleCallback(task, { timeout: 5000 });
    return () => globalThis.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 300);
  return () => clearTimeout(id);
}
