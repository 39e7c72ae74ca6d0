import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { ApiError, api, isUnsure } from './api.ts';
import { isHeld, retried } from './outbox-order.ts';
import { type OutboxEntry, type OutboxPart, addEntry, deleteEntry, putEntry, storedEntries } from './outbox-store.ts';
import { getSession } from './session.ts';

export type { OutboxEntry, OutboxPart } from './outbox-store.ts';

/**
 * Moves made without network (issue 35): kept on the device (outbox-store.ts), listed as "waiting
 * to send" where they were made, and sent in the order they were made when the network returns,
 * each under the Idempotency-Key of its first try, so a move the server did get lands once. A move
 * the server refuses when it arrives (409: the record moved meanwhile; 400: no longer valid) is
 * never applied some other way: it stays listed with the server's answer until the person reads it,
 * and the later moves of the same record are held, not sent blindly (lib/outbox-order.ts).
 *
 * A move belongs to the signed-in user (sent with their session) or to a trip link (the driver's
 * page, record 0302: sent without a session, while that page is open); its body is JSON or
 * multipart with files (a POD photo), kept as Blobs.
 */

let snapshot: OutboxEntry[] = [];
const listeners = new Set<() => void>();
/** Told of each move that lands, with the server's answer to it. */
type SentListener = (entry: OutboxEntry, answer: unknown) => void;
const sentListeners = new Set<SentListener>();
let flushing: Promise<void> | null = null;

async function reload(): Promise<void> {
  const stored = (await storedEntries()).sort((a, b) => a.id - b.id);
  if (stored.length === 0 && snapshot.length === 0) {
    // Nothing kept before or now: the screens showing kept moves are not drawn again for nothing.
    return;
  }
  snapshot = stored;
  for (const listener of listeners) {
    listener();
  }
}

/** What a move to keep says: its call, key, body (JSON, or multipart `parts`), label, screen and record; `tripToken` for a trip link's. */
export type MoveToKeep = Pick<OutboxEntry, 'key' | 'path' | 'body' | 'label' | 'scope' | 'group' | 'words' | 'parts' | 'tripToken'>;

/** Keeps a move that could not be sent, with the key it was first sent under. */
export async function keepMove(move: MoveToKeep): Promise<void> {
  // The refusals of its record are on the person's screen as they make it: it does not wait on them.
  const read = snapshot.filter((e) => move.group && e.group === move.group && (e.state === 'conflict' || e.state === 'refused'));
  const acknowledged = Math.max(0, ...read.map((e) => e.id));
  const userId = move.tripToken ? null : getSession().userId;
  await addEntry({ ...move, userId, createdAt: new Date().toISOString(), state: 'waiting', acknowledged });
  await reload();
}

/** Does a move of this record still wait (or is held) on the device? A new one must go after it. */
export function hasKeptMoves(group: string): boolean {
  const { userId } = getSession();
  return snapshot.some((e) => e.group === group && e.userId === userId && (e.state === 'waiting' || e.state === 'blocked'));
}

/** A multipart move's parts as the FormData sent (files under their names). */
export function formDataOf(parts: readonly OutboxPart[]): FormData {
  const form = new FormData();
  for (const part of parts) {
    if ('file' in part) {
      form.append(part.name, part.file, part.fileName);
    } else {
      form.append(part.name, part.value);
    }
  }
  return form;
}

/** Posts one move under its key: JSON or multipart; a trip link's without the session. */
export function postMove<T = unknown>(entry: Pick<OutboxEntry, 'path' | 'body' | 'parts' | 'key' | 'tripToken'>): Promise<T> {
  const body = entry.parts ? formDataOf(entry.parts) : entry.body;
  return api.postWithKey<T>(entry.path, body, entry.key, { anonymous: Boolean(entry.tripToken) });
}

type Outcome = 'sent' | 'later' | OutboxEntry;

/** Sends one move: 'sent', 'later' (no network, or unsure), or the move as kept once refused, with the answer. */
async function sendOne(entry: OutboxEntry): Promise<Outcome> {
  try {
    const answer = await postMove(entry);
    await deleteEntry(entry.id);
    for (const listener of sentListeners) {
      listener(entry, answer);
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

/** The trip links whose page is open here: their moves are sent too. */
const openTrips = new Set<string>();

/** A trip link's page opened here: its moves are sent from now on; the answer closes it. */
export function openTrip(token: string): () => void {
  openTrips.add(token);
  return () => openTrips.delete(token);
}

/** Whose moves go in one ordered run: the user's, or one trip link's. Null: not sendable from here now. */
export function senderOf(
  entry: Pick<OutboxEntry, 'userId' | 'tripToken'>,
  session: { loggedIn: boolean; userId: number },
  trips: ReadonlySet<string>,
): string | null {
  if (entry.tripToken) {
    return trips.has(entry.tripToken) ? `trip:${entry.tripToken}` : null;
  }
  return session.loggedIn && entry.userId === session.userId ? `user:${entry.userId}` : null;
}

/**
 * The waiting moves sendable from here (the signed-in person's, the open trip links'), in order;
 * a move held by a refused earlier one of its record is not sent; each sender's run stops at its
 * first move that cannot be sent now, so its later ones keep their turn.
 */
async function sendAll(): Promise<void> {
  const session = getSession();
  await reload();
  let all = snapshot;
  const stopped = new Set<string>();
  for (const entry of snapshot.filter((e) => e.state === 'waiting')) {
    const sender = senderOf(entry, session, openTrips);
    if (!sender || stopped.has(sender)) {
      continue;
    }
    const theirs = all.filter((e) => senderOf(e, session, openTrips) === sender);
    const outcome = isHeld(entry, theirs) ? await hold(entry) : await sendOne(entry);
    if (outcome === 'later') {
      stopped.add(sender);
      continue;
    }
    all = outcome === 'sent' ? all.filter((e) => e.id !== entry.id) : all.map((e) => (e.id === entry.id ? outcome : e));
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

/** Calls `listener` for each move that lands, with the server's answer (a screen may show it at once). */
export function onMoveSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** The kept moves of one screen (`scope`), oldest first: the signed-in person's, or a trip link's (its scope names it). */
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
  // The same list while nothing changed, so the rows projected from it keep theirs (drawn once).
  return useMemo(() => all.filter((e) => e.scope === scope && (e.tripToken ? true : e.userId === userId)), [all, scope, userId]);
}

const RETRY_MS = 20_000;

/**
 * Sends what waits at start, when the network returns, and every 20 s while any waits: in the
 * signed-in frame, and on a trip link's page (`tripToken`), whose moves go without a session.
 */
export function useOutboxSender(tripToken?: string): void {
  useEffect(() => {
    const close = tripToken ? openTrip(tripToken) : undefined;
    void sendWaitingMoves();
    const online = () => void sendWaitingMoves();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => {
      if (snapshot.some((e) => e.state === 'waiting')) {
        void sendWaitingMoves();
      }
    }, RETRY_MS);
    return () => {
      close?.();
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [tripToken]);
}
