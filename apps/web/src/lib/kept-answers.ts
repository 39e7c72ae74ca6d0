import { ApiError } from './api.ts';
import { onSessionEnd } from './session.ts';

/**
 * The last answer of a read a person opens without network (issue 35): kept on the device under a
 * key (whose answer, of which read), shown offline marked with when it was kept. IndexedDB, not
 * localStorage: a list of orders is tens of kB and its writes should not hold up the page.
 */

/** When a kept answer was kept (ISO time); absent on an answer from the server. */
export type Kept = { keptAt?: string };
type Stored = { value: unknown; at: string };

/** Where answers are kept: IndexedDB in the app, a map in a test. */
export type AnswerStore = {
  get: (key: string) => Promise<Stored | undefined>;
  put: (key: string, stored: Stored) => Promise<void>;
  remove: (key: string) => Promise<void>;
  /** How many answers are kept. */
  count: () => Promise<number>;
  /** The keys of the `n` answers kept longest ago. */
  oldest: (n: number) => Promise<string[]>;
};

/**
 * The most answers a device keeps: every list page, filter and record a person opened is a key, so
 * without a bound a phone used for months would keep them all. Past it the answers kept longest ago
 * go first; a few hundred lists of tens of kB stay well inside a phone's storage.
 */
export const MAX_KEPT_ANSWERS = 300;

const DB_NAME = 'freightdesk-answers';
const STORE = 'answers';
const BY_TIME = 'at';

/** Runs one request on the store; resolves with its result once the transaction is done. */
function run<T>(mode: IDBTransactionMode, make: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 2);
    // Version 2 adds the index by when an answer was kept, to let the oldest go (MAX_KEPT_ANSWERS).
    req.onupgradeneeded = (event) => {
      const store = event.oldVersion < 1 ? req.result.createObjectStore(STORE) : (req.transaction as IDBTransaction).objectStore(STORE);
      store.createIndex(BY_TIME, 'at');
    };
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const db = req.result;
      const tx = db.transaction(STORE, mode);
      const made = make(tx.objectStore(STORE));
      tx.oncomplete = () => {
        db.close();
        resolve(made.result);
      };
      tx.onerror = tx.onabort = () => {
        db.close();
        reject(tx.error);
      };
    };
  });
}

const indexedStore: AnswerStore = {
  get: (key) => run('readonly', (s) => s.get(key) as IDBRequest<Stored | undefined>),
  put: (key, stored) => run('readwrite', (s) => s.put(stored, key)).then(() => undefined),
  remove: (key) => run('readwrite', (s) => s.delete(key)).then(() => undefined),
  count: () => run('readonly', (s) => s.count()),
  oldest: (n) => run('readonly', (s) => s.index(BY_TIME).getAllKeys(null, n)).then((keys) => keys.map(String)),
};

/** The key of an answer for the signed-in user `userId`: forgotten when a session ends on the device. */
export const userAnswerKey = (userId: number, read: string) => `user:${userId}:${read}`;

// A logout leaves no one's orders on a shared phone.
onSessionEnd(() => {
  void run('readwrite', (s) => s.delete(IDBKeyRange.bound('user:', 'user:\uffff'))).catch(() => undefined);
});

/** Lets the answers kept longest ago go while more than MAX_KEPT_ANSWERS are kept. */
async function keepWithinBound(store: AnswerStore): Promise<void> {
  const over = (await store.count()) - MAX_KEPT_ANSWERS;
  if (over > 0) {
    for (const key of await store.oldest(over)) {
      await store.remove(key);
    }
  }
}

/** Keeps `value` as the last answer under `key` (a move's answer, say); nothing when the device keeps nothing. */
export function keepAnswer(key: string, value: unknown, store: AnswerStore = indexedStore): Promise<void> {
  return store
    .put(key, { value, at: new Date().toISOString() })
    .then(() => keepWithinBound(store))
    .catch(() => undefined);
}

/**
 * Asks the server and keeps its answer under `key`. Without network (status 0) it answers with the
 * answer kept last, marked `keptAt`; a read the server says is gone (404) forgets it.
 */
export async function askKeeping<T extends object>(
  key: string,
  ask: () => Promise<T>,
  store: AnswerStore = indexedStore,
): Promise<T & Kept> {
  try {
    const answer = await ask();
    await keepAnswer(key, answer, store);
    return answer;
  } catch (err) {
    const status = err instanceof ApiError ? err.status : undefined;
    const kept = status === 0 ? await store.get(key).catch(() => undefined) : undefined;
    if (kept) {
      return { ...(kept.value as T), keptAt: kept.at };
    }
    if (status === 404) {
      await store.remove(key).catch(() => undefined);
    }
    throw err;
  }
}
