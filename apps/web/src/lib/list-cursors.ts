import type { Query } from './api.ts';

/**
 * The cursors of lists read lately (issue 15's keyset pagination, behind the same page slots). A
 * list's answer carries `cursor`, marking its page's first row; asking another page of the same
 * list (same path, search, filters, sort and page size) sends it back, so the server finds page
 * 2001 from page 2000's rows instead of skipping 50,000. Kept out of the URL, in the tab's
 * sessionStorage: a reload of a deep page reads it from its own cursor, while a shared link (another
 * tab, another user) reads its page by offset. The server ignores a cursor that does not fit the
 * list, and one of another user's lists does not verify for this one.
 */
const MAX_LISTS = 100;
const STORAGE_KEY = 'fd.list-cursors';

/** The tab's storage, when the browser gives one (not in a private mode that refuses it, nor in tests without it). */
function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

function load(): Map<string, string> {
  try {
    const entries = JSON.parse(tabStorage()?.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return new Map(Array.isArray(entries) ? entries.filter((e): e is [string, string] => Array.isArray(e) && e.length === 2) : []);
  } catch {
    return new Map();
  }
}

const kept = load();

function save(): void {
  try {
    tabStorage()?.setItem(STORAGE_KEY, JSON.stringify([...kept]));
  } catch {
    // A full or refused storage only costs the next reload its cursor.
  }
}

/** A list's identity: its path and query without the page and cursor, in a fixed order. */
function listKey(path: string, query: Query): string {
  const parts = Object.entries(query)
    .filter(([k, v]) => k !== 'page' && k !== 'cursor' && v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}=${String(v)}`)
    .sort();
  return `${path}?${parts.join('&')}`;
}

/** The query with the cursor of the same list's last page read, when a page past the first is asked for. */
export function withListCursor(path: string, query: Query | undefined): Query | undefined {
  if (!query || Number(query.page ?? 1) <= 1 || query.cursor) {
    return query;
  }
  const cursor = kept.get(listKey(path, query));
  return cursor ? { ...query, cursor } : query;
}

/** Keeps the cursor of a list's answer (any answer without one is left alone). */
export function keepListCursor(path: string, query: Query | undefined, answer: unknown): void {
  const cursor = (answer as { cursor?: unknown } | undefined)?.cursor;
  if (typeof cursor !== 'string') {
    return;
  }
  const key = listKey(path, query ?? {});
  kept.delete(key);
  kept.set(key, cursor);
  if (kept.size > MAX_LISTS) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) {
      kept.delete(oldest);
    }
  }
  save();
}
