import type { OutboxEntry } from '../lib/outbox-store.ts';

/**
 * The outbox's storage (lib/outbox-store.ts) in memory, for tests: IndexedDB keeps the same objects,
 * Blobs included. A test mocks the store with this module and reads or clears `memoryRows`:
 * `vi.mock('./outbox-store.ts', () => import('../test/outbox-memory.ts'))`.
 */
export const memoryRows = new Map<number, OutboxEntry>();
let nextId = 1;

export const storedEntries = async (): Promise<OutboxEntry[]> => [...memoryRows.values()];

export async function addEntry(entry: Omit<OutboxEntry, 'id'>): Promise<number> {
  const id = nextId++;
  memoryRows.set(id, { ...entry, id });
  return id;
}

export const putEntry = async (entry: OutboxEntry): Promise<void> => void memoryRows.set(entry.id, entry);

export const deleteEntry = async (id: number): Promise<void> => void memoryRows.delete(id);
