import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, api, isUnsure } from './api.ts';
import { type OutboxEntry, addEntry, deleteEntry, putEntry, storedEntries } from './outbox-store.ts';
import { getSession } from './session.ts';

export type { OutboxEntry } from './outbox-store.ts';

/**
 * Moves made without network (issue 35): kept on the device (outbox-store.ts), listed as "waiting
 * to send" where they were made, and sent in the order they were made when the network returns,
 * each under the Idempotency-Key of its first try, so a move the server did get lands once. A move
 * the server refuses when it arrives (409: the record moved meanwhile; 400: no longer valid) is
 * never applied some other way: it stays listed with the server's answer until the person reads it.
 */

let snapshot: OutboxEntry[] = [];
const listeners = new Set<() => void>();
const sentListeners = new Set<(entry: OutboxEntry) => void>();
let flushing: Promise<void> | null = null;

async function reload(): Promise<void> {
  snapshot = (await storedEntries()).sort((a, b) => a.id - b.id);
  for (const listener of listeners) {
    listener();
  }
}

/** Keeps a move that could not be sent, with the key it was first sent under. */
export async function keepMove(move: Pick<OutboxEntry, 'key' | 'path' | 'body' | 'label' | 'scope'>): Promise<void> {
  await addEntry({ ...move, userId: getSession().userId, createdAt: new Date().toISOString(), state: 'waiting' });
  await reload();
}

/** Sends one move: 'sent', 'kept' (refused, listed with the answer) or 'later' (no network, or unsure). */
async function sendOne(entry: OutboxEntry): Promise<'sent' | 'kept' | 'later'> {
  try {
    await api.postWithKey(entry.path, entry.body, entry.key);
    await deleteEntry(entry.id);
    for (const listener of sentListeners) {
      listener(entry);
    }
    return 'sent';
  } catch (err) {
    // A 401 keeps the move for the person's next sign-in; an unsure answer is sent again later.
    if (!(err instanceof ApiError) || err.status === 401 || isUnsure(err.status)) {
      return 'later';
    }
    await putEntry({ ...entry, state: err.status === 409 ? 'conflict' : 'refused', message: err.message });
    return 'kept';
  }
}

/** The signed-in person's waiting moves, in order; stops at the first that cannot be sent now. */
async function sendAll(): Promise<void> {
  const { loggedIn, userId } = getSession();
  await reload();
  if (!loggedIn) {
    return;
  }
  for (const entry of snapshot.filter((e) => e.state === 'waiting' && e.userId === userId)) {
    if ((await sendOne(entry)) === 'later') {
      break;
    }
  }
  await reload();
}

/** Sends what waits (one run at a time; a call during a run waits for it). */
export function sendWaitingMoves(): Promise<void> {
  flushing ??= sendAll().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Forgets a refused move once its person has read it. */
export async function dismissMove(id: number): Promise<void> {
  await deleteEntry(id);
  await reload();
}

/** Calls `listener` for each move that lands. */
export function onMoveSent(listener: (entry: OutboxEntry) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** The signed-in person's kept moves of one screen (`scope`), oldest first. */
export function useKeptMoves(scope: string): OutboxEntry[] {
  const all = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );
  useEffect(() => void reload(), []);
  const { userId } = getSession();
  return all.filter((e) => e.scope === scope && e.userId === userId);
}

const RETRY_MS = 20_000;

/** While signed in: sends what waits at start, when the network returns, and every 20 s while any waits. */
export function useOutboxSender(): void {
  useEffect(() => {
    void sendWaitingMoves();
    const online = () => void sendWaitingMoves();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => {
      if (snapshot.some((e) => e.state === 'waiting')) {
        void sendWaitingMoves();
      }
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, []);
}
