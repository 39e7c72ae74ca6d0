import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { askEarly, refetchOnMount, setEarlyAnswersClient } from './early-answers.ts';

/** A client whose queries use the app's refetchOnMount rule, and a fetcher that counts its calls. */
function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnMount } } });
  const fetcher = vi.fn(async () => ({ rows: [1, 2, 3] }));
  return { client, fetcher, options: { queryKey: ['early', 'orders'], queryFn: fetcher } };
}

/** Subscribes a screen to the query and waits until it has settled. */
async function mountScreen(client: QueryClient, options: { queryKey: string[]; queryFn: () => Promise<unknown> }) {
  const observer = new QueryObserver(client, options);
  const stop = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'));
  return { observer, stop };
}

describe('answers asked early (record 0310)', () => {
  it('asks once: the screen that opens on an early answer does not ask again', async () => {
    const { client, fetcher, options } = setup();
    setEarlyAnswersClient(client);
    askEarly(options);
    askEarly(options);
    await vi.waitFor(() => expect(client.getQueryData(options.queryKey)).toEqual({ rows: [1, 2, 3] }));
    const screen = await mountScreen(client, options);
    expect(screen.observer.getCurrentResult().data).toEqual({ rows: [1, 2, 3] });
    expect(fetcher).toHaveBeenCalledTimes(1);
    screen.stop();
  });

  it('asks again when the early answer was invalidated before the screen opened', async () => {
    const { client, fetcher, options } = setup();
    setEarlyAnswersClient(client);
    askEarly(options);
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(client.getQueryData(options.queryKey)).toBeDefined());
    const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
    query?.invalidate();
    const screen = await mountScreen(client, options);
    expect(fetcher).toHaveBeenCalledTimes(2);
    screen.stop();
  });

  it('a query never asked early is refetched on mount as before', async () => {
    const { client, fetcher, options } = setup();
    await client.prefetchQuery(options);
    const screen = await mountScreen(client, options);
    expect(fetcher).toHaveBeenCalledTimes(2);
    screen.stop();
  });
});
