import type { ErrorResponse } from '@freightdesk/shared/schemas/common';
import { keepListCursor, withListCursor } from './list-cursors.ts';

export const TOKEN_KEY = 'token';

/** An API error with the server's code, message and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfter?: number,
    /** Structured detail, e.g. `{ errors: [{ row, field, message }] }` of a refused import. */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** A call's answer status and the token it was sent with (empty when none was held). */
type Listener = (status: number, sentToken: string) => void;
const listeners = new Set<Listener>();
/** Lets the session layer react to 401 (session ended) from any call. */
export function onApiStatus(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) {
    return path;
  }
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') {
      params.set(k, String(v));
    }
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The one HTTP client (spec section 7): base `/api`, Bearer token when one is held, no timeout.
 * Every call (JSON, multipart upload, file download) goes through here, so a 401 anywhere ends the
 * session. Resolves to the response; rejects with ApiError for a network failure or any non-2xx
 * answer (with the server's code, message and fields when it sent them).
 */
export async function apiFetch(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit; anonymous?: boolean },
  query?: Query,
) {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  // A public page's call (the driver's trip link) is made without the device's session, if any.
  const token = init.anonymous ? null : localStorage.getItem(TOKEN_KEY);
  if (token) {
    headers.authorization = `Bearer ${token}`;
  }
  let res: Response;
  try {
    res = await fetch(withQuery(`/api${path}`, query), { method: init.method ?? 'GET', headers, body: init.body });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Cannot reach the server. Check your connection and try again.');
  }
  for (const l of listeners) {
    l(res.status, token ?? '');
  }
  if (!res.ok) {
    const text = await res.text();
    let err: (ErrorResponse['error'] & { details?: unknown }) | undefined;
    try {
      err = text ? (JSON.parse(text) as ErrorResponse).error : undefined;
    } catch {
      err = undefined;
    }
    const retry = Number(res.headers.get('retry-after') ?? '') || undefined;
    throw new ApiError(res.status, err?.code ?? 'HTTP', err?.message ?? `Request failed (${res.status})`, err?.fields, retry, err?.details);
  }
  return res;
}

/**
 * A random UUID for an idempotency key. `crypto.randomUUID` exists only in secure contexts
 * (HTTPS, localhost); a plain-HTTP office LAN install falls back to `getRandomValues`, which does not.
 */
export function newIdempotencyKey(cryptoImpl: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto): string {
  if (typeof cryptoImpl.randomUUID === 'function') {
    return cryptoImpl.randomUUID();
  }
  const b = cryptoImpl.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Keys of writes not yet answered for sure, by method, path and body. */
const unsettled = new Map<string, string>();
/** Answers after which the server may or may not have made the write: the retry reuses the key. */
const UNSURE = new Set([0, 408, 425, 429, 500, 502, 503, 504]);
/** Whether an answer leaves a write unsure (no network, a timeout, a busy or failing server): send it again later, under its key. */
export const isUnsure = (status: number) => UNSURE.has(status);

/**
 * The `Idempotency-Key` of a write: one per submit. The same write sent again while the first is
 * in flight (a double click) or after an answer that leaves it unsure (a dropped connection, a
 * 503) carries the same key, so the server makes it once and answers both with the first answer.
 * A definite answer (2xx, or a 4xx that changed nothing) ends the key: the next submit is new.
 */
function submissionKey(method: string, path: string, identity: string) {
  const id = `${method} ${path} ${identity}`;
  const key = unsettled.get(id) ?? newIdempotencyKey();
  unsettled.set(id, key);
  return {
    key,
    settle(status: number) {
      if (!UNSURE.has(status) && unsettled.get(id) === key) {
        unsettled.delete(id);
      }
    },
  };
}

/** Sends a write with its submission's key, settling the key by the answer. */
async function submit(
  method: string,
  path: string,
  identity: string,
  init: { headers: Record<string, string>; body?: BodyInit },
  query?: Query,
) {
  const submission = submissionKey(method, withQuery(path, query), identity);
  try {
    const res = await apiFetch(path, { method, headers: { ...init.headers, 'idempotency-key': submission.key }, body: init.body }, query);
    submission.settle(res.status);
    return res;
  } catch (err) {
    submission.settle(err instanceof ApiError ? err.status : 0);
    throw err;
  }
}

/** Options of a write. */
export type WriteOptions = {
  /**
   * The `updatedAt` of the record as the form loaded it, sent as `If-Match`: the server refuses the
   * write (409 `STALE`) when someone changed the record since, instead of overwriting their change.
   */
  ifMatch?: string;
};

/** Is this the server refusing a save made against an old version of the record? */
export const isStale = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 409 && err.code === 'STALE';

/** A JSON call: resolves to the parsed body. Writes carry an idempotency key per submit. */
export async function apiRequest<T>(method: string, path: string, body?: unknown, query?: Query, options: WriteOptions = {}): Promise<T> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = text === undefined ? {} : { 'content-type': 'application/json' };
  if (options.ifMatch) {
    headers['if-match'] = `"${options.ifMatch}"`;
  }
  const res = WRITES.has(method)
    ? await submit(method, path, text ?? '', { headers, body: text }, query)
    : await apiFetch(path, { method, headers, body: text }, query);
  const answer = await res.text();
  return (answer ? JSON.parse(answer) : undefined) as T;
}

/**
 * A multipart upload (a document, an import) with its submission's key: the same file sent again
 * to the same place (a double click, a retry after a dropped connection) is stored once.
 */
export function apiUpload(path: string, form: FormData): Promise<Response> {
  const identity = [...form.entries()]
    .map(([name, v]) => (typeof v === 'string' ? `${name}=${v}` : `${name}:${v.name}:${v.size}:${v.lastModified}`))
    .join('&');
  return submit('POST', path, identity, { headers: {}, body: form });
}

export const api = {
  /** A read; a list's answer keeps its cursor, sent back with another page of the same list (list-cursors.ts). */
  get: async <T>(path: string, query?: Query): Promise<T> => {
    const answer = await apiRequest<T>('GET', path, undefined, withListCursor(path, query));
    keepListCursor(path, query, answer);
    return answer;
  },
  post: <T>(path: string, body: unknown = {}) => apiRequest<T>('POST', path, body),
  /**
   * A write under an idempotency key the caller keeps (the outbox sends a move again, days later,
   * under its first key): JSON, or multipart when the body is FormData; `anonymous` sends it
   * without the session (a trip link's move).
   */
  postWithKey: async <T>(path: string, body: unknown, key: string, options: { anonymous?: boolean } = {}): Promise<T> => {
    const form = body instanceof FormData;
    const headers: Record<string, string> = form
      ? { 'idempotency-key': key }
      : { 'content-type': 'application/json', 'idempotency-key': key };
    const sent = form ? body : JSON.stringify(body);
    const answer = await (await apiFetch(path, { method: 'POST', headers, body: sent, anonymous: options.anonymous })).text();
    return (answer ? JSON.parse(answer) : undefined) as T;
  },
  /** A read without the session (a public page's). */
  getAnonymous: async <T>(path: string): Promise<T> => (await apiFetch(path, { anonymous: true })).json() as Promise<T>,
  put: <T>(path: string, body: unknown, options?: WriteOptions) => apiRequest<T>('PUT', path, body, undefined, options),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
