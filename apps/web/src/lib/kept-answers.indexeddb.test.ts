import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { askKeeping, keepAnswer, MAX_KEPT_ANSWERS } from './kept-answers.ts';

/**
 * The device's own store (IndexedDB, here fake-indexeddb's, which follows the specification) as a
 * phone that kept answers before version 2 has it: version 1, the store without the index by when
 * an answer was kept.
 */
function keptByVersionOne(answers: [key: string, stored: { value: unknown; at: string }][]): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open('freightdesk-answers', 1);
    req.onupgradeneeded = () => req.result.createObjectStore('answers');
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const db = req.result;
      const tx = db.transaction('answers', 'readwrite');
      for (const [key, stored] of answers) {
        tx.objectStore('answers').put(stored, key);
      }
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

const offline = <T>(): Promise<T> => Promise.reject(new ApiError(0, 'network', 'No network'));
const minute = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();

describe('answers a phone kept before the store had its index (version 1 to 2)', () => {
  it('are still shown offline, and the oldest of them go first once the bound is passed', async () => {
    await keptByVersionOne(
      Array.from({ length: MAX_KEPT_ANSWERS }, (_, i) => [`user:1:orders?page=${i}`, { value: { page: i }, at: minute(i) }]),
    );
    // The first open of version 2 upgrades the store in place: what version 1 kept is still there.
    const kept = await askKeeping('user:1:orders?page=7', offline<{ page: number }>);
    expect(kept).toEqual({ page: 7, keptAt: minute(7) });
    // The index covers the answers version 1 kept: the one kept longest ago goes for the new one.
    await keepAnswer('user:1:orders?page=new', { page: 'new' });
    await expect(askKeeping('user:1:orders?page=0', offline<object>)).rejects.toThrow('No network');
    expect(await askKeeping('user:1:orders?page=1', offline<{ page: number }>)).toEqual({ page: 1, keptAt: minute(1) });
    expect((await askKeeping('user:1:orders?page=new', offline<{ page: string }>)).page).toBe('new');
  });
});
