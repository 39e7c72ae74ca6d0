import { Alert, Button } from '@mantine/core';
import { Component, type ComponentProps, type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { whenIdle } from './when-idle.ts';

/** A part of a page drawn only after a tap (a dialog, a details panel), whose code can be fetched ahead. */
export type LazyPart<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/** What a part shows when its code could not be fetched (no network before it was ever loaded). */
function PartUnavailable({ retry }: { retry: () => void }) {
  return (
    <Alert color="red" title="This part of the page could not be loaded" role="alert" mb="md">
      It needs the network once. Check the connection, then try again.
      <Button size="xs" variant="default" mt="xs" display="block" onClick={retry}>
        Try again
      </Button>
    </Alert>
  );
}

/** Keeps a part's failed fetch to the part: the page around it stays as it was. */
class PartBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <PartUnavailable
          retry={() => {
            this.props.onRetry();
            this.setState({ failed: false });
          }}
        />
      );
    }
    return this.props.children;
  }
}

/**
 * A part whose code is not in the page's first download (record 0310): it is fetched when first
 * drawn, or earlier by `preload` (the page asks for it at the first touch or once the page has
 * settled: usePreloadParts). While its code is on its way the part draws nothing; if it cannot be
 * fetched (offline before it was ever loaded) the part says so and offers to try again, and the
 * page around it stays.
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
  // React keeps a lazy component's failure: trying again takes a new one.
  let Lazy = lazy(get);
  const retry = () => {
    Lazy = lazy(get);
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level (order-parts.ts)
  const Part = (props: P) => (
    <PartBoundary onRetry={retry}>
      <Suspense fallback={null}>
        <Lazy {...(props as ComponentProps<typeof Lazy>)} />
      </Suspense>
    </PartBoundary>
  );
  return Object.assign(Part, { preload: get });
}

/** How long after the page drew its parts are fetched without a touch: after the page's own load. */
export const PRELOAD_AFTER_MS = 5000;

const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown'] as const;

type Preloadable = { preload: () => Promise<unknown> };

/**
 * Fetches the code of `parts` at the person's first touch, click or key on `target` (a tap on a
 * move is on its way), else `afterMs` after the page drew, once the browser is idle: never inside
 * the page's own load, where its evaluation competed with the page's first draw (record 0310).
 * Offline, the service worker holds them already (pwa-shell.ts). Returns the cancel.
 */
export function preloadOnIntent(
  parts: readonly Preloadable[],
  target: EventTarget,
  afterMs = PRELOAD_AFTER_MS,
  idle = whenIdle,
): () => void {
  let cancelIdle = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    for (const name of INTENT_EVENTS) {
      target.removeEventListener(name, preload, { capture: true });
    }
    clearTimeout(timer);
    cancelIdle();
  };
  function preload() {
    stop();
    for (const p of parts) {
      void p.preload().catch(() => undefined);
    }
  }
  for (const name of INTENT_EVENTS) {
    target.addEventListener(name, preload, { capture: true, passive: true });
  }
  timer = setTimeout(() => {
    cancelIdle = idle(preload);
  }, afterMs);
  return stop;
}

/** The page's parts fetched at the first touch or once the page has settled (preloadOnIntent). */
export function usePreloadParts(...parts: readonly Preloadable[]): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parts are module constants, fetched once
  useEffect(() => preloadOnIntent(parts, window), []);
}
