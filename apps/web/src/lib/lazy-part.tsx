import { type ComponentProps, type ComponentType, lazy, Suspense, useEffect } from 'react';
import { whenIdle } from './when-idle.ts';

/** A part of a page drawn only after a tap (a dialog, a details panel), whose code can be fetched ahead. */
export type LazyPart<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A part whose code is not in the page's first download (record 0310): it is fetched when first
 * drawn, or earlier by `preload` (the page asks for it once the browser is idle, so a tap, and a tap
 * offline, finds it ready). While its code is on its way the part draws nothing. A failed fetch is
 * forgotten, so the next draw asks again.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const get = () => {
    loading ??= load()
      .then((component) => ({ default: component }))
      .catch((err: unknown) => {
        loading = undefined;
        throw err;
      });
    return loading;
  };
  const Lazy = lazy(get);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level (order-parts.ts)
  const Part = (props: P) => (
    <Suspense fallback={null}>
      <Lazy {...(props as ComponentProps<typeof Lazy>)} />
    </Suspense>
  );
  return Object.assign(Part, { preload: get });
}

/** Fetches the code of `parts` once the page has drawn and the browser is idle. */
export function usePreloadWhenIdle(...parts: readonly { preload: () => Promise<unknown> }[]): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parts are module constants, fetched once
  useEffect(() => whenIdle(() => parts.forEach((p) => void p.preload().catch(() => undefined))), []);
}
