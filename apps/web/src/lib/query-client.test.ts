import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';

describe('the query client after a write', () => {
  it('drops an invalidated answer no screen shows, so a page never opens on figures from before the write', async () => {
    const client = createQueryClient();
    client.setQueryData(['invoices', 'summary', {}], { due: 100 });
    client.setQueryData(['orders', 'list'], ['kept']);
    await client.invalidateQueries({ queryKey: ['invoices'] });
    expect(client.getQueryData(['invoices', 'summary', {}])).toBeUndefined();
    expect(client.getQueryData(['orders', 'list'])).toEqual(['kept']);
  });

  it('keeps and refetches the answer of a screen that is open', async () => {
    const client = createQueryClient();
    let due = 100;
    const observer = new QueryObserver(client, { queryKey: ['invoices', 'summary'], queryFn: async () => ({ due }) });
    const seen: unknown[] = [];
    const stop = observer.subscribe((result) => seen.push(result.data));
    await new Promise((resolve) => setTimeout(resolve, 10));
    due = 40;
    await client.invalidateQueries({ queryKey: ['invoices'] });
    expect(client.getQueryData(['invoices', 'summary'])).toEqual({ due: 40 });
    expect(seen.at(-1)).toEqual({ due: 40 });
    stop();
  });
});
