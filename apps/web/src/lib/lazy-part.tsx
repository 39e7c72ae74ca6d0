import { Alert, Button } from '@mantine/core';
import { useIsFetching } from '@tanstack/react-query';
import {
  Component,
  type ComponentProps,
  type ComponentType,
  lazy,
  type ReactNode,
  type ReactElement,
  Suspense,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { whenIdle } from './when-idle.ts';

/**
 * What a part draws while its code is on its way (nothing by default): the same-sized control
 * without its floating half, so the page does not move when the part arrives (record 0322).
 */
type FallbackProp = { fallback?: ReactNode };

/** A part of a page drawn only after a tap (a dialog, a details panel), whose code can be fetched ahead. */
export type LazyPart<P extends object> = ComponentType<P & FallbackProp> & { preload: () => Promise<unknown> };

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
 * settled: usePreloadParts). While its code is on its way the part draws its `fallback` (nothing
 * unless given); if it cannot be fetched (offline before it was ever loaded) the part says so and
 * offers to try again, and the page around it stays.
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
  const Part = ({ fallback = null, ...props }: P & FallbackProp) => (
    <PartBoundary onRetry={retry}>
      <Suspense fallback={fallback}>
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

/** The longest a page's calls hold its floating parts back (a call that never ends must not). */
export const SETTLE_AT_MOST_MS = 4000;

/** Whether the first page has settled; later pages draw their floating parts at once. */
let settledOnce = false;
const settleListeners = new Set<() => void>();

function markSettled() {
  if (!settledOnce) {
    settledOnce = true;
    for (const listener of settleListeners) {
      listener();
    }
  }
}

const isSettled = () => settledOnce;

function onSettled(listener: () => void) {
  settleListeners.add(listener);
  return () => {
    settleListeners.delete(listener);
  };
}

/**
 * True once the page has settled: no call of the page under way (its first data drawn) and the
 * browser idle, or SETTLE_AT_MOST_MS after the calls last changed, whichever is first (record 0322).
 */
export function usePageSettled(): boolean {
  const settled = useSyncExternalStore(onSettled, isSettled, isSettled);
  const fetching = useIsFetching();
  useEffect(() => {
    if (settled) {
      return;
    }
    const timer = setTimeout(markSettled, SETTLE_AT_MOST_MS);
    const cancelIdle = fetching > 0 ? () => {} : whenIdle(markSettled);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, [settled, fetching]);
  return settled;
}

/**
 * A control's floating half (a select's list; record 0322): `fallback` (the field's outline) until
 * the page has settled, then `children`, usually a lazyPart given the same fallback. Its code is
 * then neither in the page's first download nor competing with the page's first data.
 */
export function AfterSettle({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return usePageSettled() ? children : fallback;
}

/** What a deferred menu's button takes: the tap that opens the menu, the hover or focus that fetches its code. */
export type MenuButtonHandlers = { onClick: () => void; onPointerEnter: () => void; onFocus: () => void };

/**
 * A button whose menu floats (record 0322): `button` is drawn at once and alone; the menu (`part`,
 * drawn with `opened`) only once the button is tapped, and open. Its code is fetched at the
 * button's hover or focus (a finger's tap focuses it first), so a list of cards is never drawn
 * twice for menus nobody opened.
 */
export function DeferredMenu<P extends { opened?: boolean }>(props: {
  part: LazyPart<P>;
  props: Omit<P, 'opened'>;
  button: (handlers: MenuButtonHandlers) => ReactElement;
}) {
  const [asked, setAsked] = useState(false);
  const Part: ComponentType<P & FallbackProp> = props.part;
  const fetchCode = () => void props.part.preload().catch(() => undefined);
  const button = props.button({ onClick: () => setAsked(true), onPointerEnter: fetchCode, onFocus: fetchCode });
  if (!asked) {
    return button;
  }
  const partProps = { ...props.props, opened: true } as P;
  return <Part {...partProps} fallback={button} />;
}
