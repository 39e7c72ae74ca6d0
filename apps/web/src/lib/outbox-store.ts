/**
 * The outbox's storage (issue 35): moves made without network, kept in IndexedDB so a reload or a
 * closed tab loses none. One object store, keyed by an increasing id, which is also the order the
 * moves are sent in.
 */

/**
 * One part of a multipart move (a POD with its photo): a text field, or a file kept as a Blob
 * (IndexedDB stores Blobs as they are, so a photo taken offline survives a reload).
 */
export type OutboxPart = { name: string; value: string } | { name: string; file: Blob; fileName: string };

/** A move waiting to be sent, or one the server refused when it was (kept until the person reads it). */
export type OutboxEntry = {
  id: number;
  /** The Idempotency-Key of the move's first try: a move the server did get is never made twice. */
  key: string;
  path: string;
  /** The JSON body; unused when the move is multipart (`parts`). */
  body: unknown;
  /** A multipart move's fields and files, sent as FormData. */
  parts?: OutboxPart[];
  /** What the person did, in their words: "Gate in MH12AB1234 (OB-2026-000004) at 10:32". */
  label: string;
  /** Which screen lists it, e.g. `gate:outbound`. */
  scope: string;
  /** Whose move it is: the signed-in user's (sent with their session) … */
  userId: number | null;
  /** … or a trip link's (the driver's page: sent without a session, under the link's token). */
  tripToken?: string;
  createdAt: string;
  /**
   * `blocked`: not sent because an earlier move of the same `group` was refused; it waits for the
   * person to retry or dismiss it (lib/outbox-order.ts).
   */
  state: 'waiting' | 'conflict' | 'refused' | 'blocked';
  /** The server's answer to a refused move: for a conflict, where the record is now. */
  message?: string;
  /**
   * Moves of one record (`order:outbound:12`): each counts on the earlier ones, so once one is
   * refused the later ones are held, never sent blindly.
   */
  group?: string;
  /** Refusals of its group up to this id were read by the person, who asked to send it anyway. */
  acknowledged?: number;
  /** The label's words in the person's language: a catalogue key (`gate:kept.gate-in`) and its values. */
  words?: { key: string; values: Record<string, string> };
};

const DB_NAME = 'freightdesk-outbox';
const STORE = 'moves';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Runs one request in a transaction of the store and resolves with its result once committed. */
async function run<T>(mode: IDBTransactionMode, make: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = make(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export const storedEntries = () => run('readonly', (s) => s.getAll() as IDBRequest<OutboxEntry[]>);
export const addEntry = (entry: Omit<OutboxEntry, 'id'>) => run('readwrite', (s) => s.add(entry)).then(Number);
export const putEntry = (entry: OutboxEntry) => run('readwrite', (s) => s.put(entry));
export const deleteEntry = (id: number) => run('readwrite', (s) => s.delete(id));
