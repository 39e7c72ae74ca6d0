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

  it('asks again when a query is invalidated while its first answer is on its way (that answer may be from before the write)', async () => {
    const client = createQueryClient();
    let assigned = 9;
    const answers: ((value: { assigned: number }) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: ['orders', 'outbound', { search: 'ORD-' }],
      // Each call answers the figure as it was when asked, when the test lets it.
      queryFn: () => {
        const asked = assigned;
        return new Promise<{ assigned: number }>((resolve) => answers.push(() => resolve({ assigned: asked })));
      },
    });
    const seen: unknown[] = [];
    const stop = observer.subscribe((result) => seen.push(result.data));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answers).toHaveLength(1);
    // The tenth vehicle is assigned and its event arrives while the first answer is on its way.
    assigned = 10;
    // Not awaited: it waits for the answer on its way.
    const invalidated = client.invalidateQueries({ queryKey: ['orders'] });
    answers[0]?.({ assigned: 0 });
    await invalidated;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answers).toHaveLength(2);
    answers[1]?.({ assigned: 0 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(client.getQueryData(['orders', 'outbound', { search: 'ORD-' }])).toEqual({ assigned: 10 });
    expect(seen.at(-1)).toEqual({ assigned: 10 });
    stop();
  });
});
