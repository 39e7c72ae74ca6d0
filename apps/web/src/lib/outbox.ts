import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, api, isUnsure } from './api.ts';
import { isHeld, retried } from './outbox-order.ts';
import { type OutboxEntry, addEntry, deleteEntry, putEntry, storedEntries } from './outbox-store.ts';
import { getSession } from './session.ts';

export type { OutboxEntry } from './outbox-store.ts';

/**
 * Moves made without network (issue 35): kept on the device (outbox-store.ts), listed as "waiting
 * to send" where they were made, and sent in the order they were made when the network returns,
 * each under the Idempotency-Key of its first try, so a move the server did get lands once. A move
 * the server refuses when it arrives (409: the record moved meanwhile; 400: no longer valid) is
 * never applied some other way: it stays listed with the server's answer until the person reads it,
 * and the later moves of the same record are held, not sent blindly (lib/outbox-order.ts).
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
export async function keepMove(move: Pick<OutboxEntry, 'key' | 'path' | 'body' | 'label' | 'scope' | 'group' | 'words'>): Promise<void> {
  // The refusals of its record are on the person's screen as they make it: it does not wait on them.
  const read = snapshot.filter((e) => move.group && e.group === move.group && (e.state === 'conflict' || e.state === 'refused'));
  const acknowledged = Math.max(0, ...read.map((e) => e.id));
  await addEntry({ ...move, userId: getSession().userId, createdAt: new Date().toISOString(), state: 'waiting', acknowledged });
  await reload();
}

/** Does a move of this record still wait (or is held) on the device? A new one must go after it. */
export function hasKeptMoves(group: string): boolean {
  const { userId } = getSession();
  return snapshot.some((e) => e.group === group && e.userId === userId && (e.state === 'waiting' || e.state === 'blocked'));
}

type Outcome = 'sent' | 'later' | OutboxEntry;

/** Sends one move: 'sent', 'later' (no network, or unsure), or the move as kept once refused, with the answer. */
async function sendOne(entry: OutboxEntry): Promise<Outcome> {
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
    const refused: OutboxEntry = { ...entry, state: err.status === 409 ? 'conflict' : 'refused', message: err.message };
    await putEntry(refused);
    return refused;
  }
}

/** A move held by a refused earlier move of its record: kept, not sent. */
async function hold(entry: OutboxEntry): Promise<OutboxEntry> {
  const held: OutboxEntry = { ...entry, state: 'blocked' };
  await putEntry(held);
  return held;
}

/**
 * The signed-in person's waiting moves, in order; a move held by a refused earlier one of its
 * record is not sent; the run stops at the first that cannot be sent now.
 */
async function sendAll(): Promise<void> {
  const { loggedIn, userId } = getSession();
  await reload();
  if (!loggedIn) {
    return;
  }
  let mine = snapshot.filter((e) => e.userId === userId);
  for (const entry of mine.filter((e) => e.state === 'waiting')) {
    const outcome = isHeld(entry, mine) ? await hold(entry) : await sendOne(entry);
    if (outcome === 'later') {
      break;
    }
    mine = outcome === 'sent' ? mine.filter((e) => e.id !== entry.id) : mine.map((e) => (e.id === entry.id ? outcome : e));
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

/** Sends a held move (and the held moves of its record after it) anyway, once its person read the refusal. */
export async function retryMove(id: number): Promise<void> {
  const entry = snapshot.find((e) => e.id === id);
  if (entry) {
    for (const again of retried(entry, snapshot)) {
      await putEntry(again);
    }
  }
  await sendWaitingMoves();
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
