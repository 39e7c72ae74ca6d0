import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfterSettle, DeferredMenu, lazyPart, PRELOAD_AFTER_MS, preloadOnIntent } from './lazy-part.tsx';

const Dialog = ({ name }: { name: string }) => <p>{name}</p>;

describe('a part fetched after the page (record 0310)', () => {
  it('fetches its code once, however often it is preloaded', async () => {
    const load = vi.fn(async () => Dialog);
    const part = lazyPart(load);
    await Promise.all([part.preload(), part.preload()]);
    await part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed fetch (offline before it was ever loaded)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(Dialog);
    const part = lazyPart<{ name: string }>(load);
    await expect(part.preload()).rejects.toThrow('Failed to fetch');
    await expect(part.preload()).resolves.toEqual({ default: Dialog });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('parts fetched at the first touch, or once the page has settled', () => {
  const now = (task: () => void) => {
    task();
    return () => {};
  };
  const part = () => ({ preload: vi.fn(async () => undefined) });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches every part at the first touch or key, once, and not before', () => {
    vi.useFakeTimers();
    const page = new EventTarget();
    const parts = [part(), part()];
    preloadOnIntent(parts, page, PRELOAD_AFTER_MS, now);
    vi.advanceTimersByTime(PRELOAD_AFTER_MS - 1);
    expect(parts[0]?.preload).not.toHaveBeenCalled();
    page.dispatchEvent(new Event('pointerdown'));
    page.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(PRELOAD_AFTER_MS);
    expect(parts.map((p) => p.preload.mock.calls.length)).toEqual([1, 1]);
  });

  it('fetches them once the page has settled when nobody touches it, and never after the page has gone', () => {
    vi.useFakeTimers();
    const settled = [part()];
    preloadOnIntent(settled, new EventTarget(), PRELOAD_AFTER_MS, now);
    vi.advanceTimersByTime(PRELOAD_AFTER_MS);
    expect(settled[0]?.preload).toHaveBeenCalledTimes(1);
    const gone = [part()];
    const page = new EventTarget();
    const stop = preloadOnIntent(gone, page, PRELOAD_AFTER_MS, now);
    stop();
    page.dispatchEvent(new Event('touchstart'));
    vi.advanceTimersByTime(PRELOAD_AFTER_MS);
    expect(gone[0]?.preload).not.toHaveBeenCalled();
  });
});

describe('a control whose floating half comes once the page has settled (record 0322)', () => {
  const menu = vi.fn(async () => ({ opened }: { opened?: boolean }) => <ul data-opened={String(opened)}>menu</ul>);
  const Menu = lazyPart(menu);
  const draw = (node: ReactNode) => renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

  it('draws the closed control, not the part, before the page has settled, and fetches nothing', () => {
    const html = draw(
      <AfterSettle fallback={<button type="button">Export</button>}>
        <Menu fallback={<button type="button">Export</button>} />
      </AfterSettle>,
    );
    expect(html).toBe('<button type="button">Export</button>');
    const button = draw(
      <DeferredMenu
        part={Menu}
        props={{}}
        button={(h) => (
          <button type="button" onClick={h.onClick}>
            ⋯
          </button>
        )}
      />,
    );
    expect(button).toBe('<button type="button">⋯</button>');
    expect(menu).not.toHaveBeenCalled();
  });

  it("draws a part's fallback while its code is on its way, and fetches the code", () => {
    const html = draw(<Menu fallback={<b>loading</b>} />);
    expect(html).toContain('<b>loading</b>');
    expect(menu).toHaveBeenCalledTimes(1);
  });
});
