import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { type AnswerStore, askKeeping, keepAnswer, MAX_KEPT_ANSWERS } from './kept-answers.ts';

/** A store in a map, as IndexedDB keeps it. */
function mapStore(): AnswerStore & { map: Map<string, { value: unknown; at: string }> } {
  const map = new Map<string, { value: unknown; at: string }>();
  return {
    map,
    get: async (key) => map.get(key),
    put: async (key, stored) => void map.set(key, stored),
    remove: async (key) => void map.delete(key),
    count: async () => map.size,
    oldest: async (n) =>
      [...map]
        .sort(([, a], [, b]) => a.at.localeCompare(b.at))
        .slice(0, n)
        .map(([key]) => key),
  };
}
const offline = <T>(): Promise<T> => Promise.reject(new ApiError(0, 'network', 'No network'));

describe('the last answer kept on the device', () => {
  it("answers without network with the last server answer for that key, marked as kept, and never another key's", async () => {
    const store = mapStore();
    const fresh = await askKeeping('orders:7:list', async () => ({ data: [1, 2] }), store);
    expect(fresh).toEqual({ data: [1, 2] });
    const kept = await askKeeping('orders:7:list', offline<{ data: number[] }>, store);
    expect(kept.data).toEqual([1, 2]);
    expect(kept.keptAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await expect(askKeeping('orders:8:list', offline<object>, store)).rejects.toThrow('No network');
  });

  it("passes the server's refusals on, and forgets what the server says is gone", async () => {
    const store = mapStore();
    await askKeeping('trip:abc', async () => ({ stop: 1 }), store);
    await expect(askKeeping('trip:abc', () => Promise.reject(new ApiError(500, 'x', 'Server error')), store)).rejects.toThrow(
      'Server error',
    );
    expect(store.map.has('trip:abc')).toBe(true);
    await expect(askKeeping('trip:abc', () => Promise.reject(new ApiError(404, 'gone', 'Link ended')), store)).rejects.toThrow(
      'Link ended',
    );
    expect(store.map.has('trip:abc')).toBe(false);
  });

  it('keeps at most MAX_KEPT_ANSWERS answers, letting the ones kept longest ago go', async () => {
    const store = mapStore();
    // Answers kept over time, the first ones longest ago.
    for (let i = 0; i < MAX_KEPT_ANSWERS; i++) {
      store.map.set(`user:1:orders?page=${i}`, { value: { page: i }, at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() });
    }
    await keepAnswer('user:1:orders?page=new', { page: 'new' }, store);
    await keepAnswer('user:1:orders?page=newer', { page: 'newer' }, store);
    expect(store.map.size).toBe(MAX_KEPT_ANSWERS);
    expect(store.map.has('user:1:orders?page=0')).toBe(false);
    expect(store.map.has('user:1:orders?page=1')).toBe(false);
    expect(store.map.has('user:1:orders?page=2')).toBe(true);
    expect(store.map.has('user:1:orders?page=newer')).toBe(true);
  });
});
