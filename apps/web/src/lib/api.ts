import type { ErrorResponse } from '@freightdesk/shared/schemas/common';

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

type Listener = (status: number) => void;
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
export async function apiFetch(path: string, init: { method?: string; headers?: Record<string, string>; body?: BodyInit }, query?: Query) {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  const token = localStorage.getItem(TOKEN_KEY);
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
    l(res.status);
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

/** A JSON call: resolves to the parsed body. */
export async function apiRequest<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  const res = await apiFetch(
    path,
    body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    query,
  );
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => apiRequest<T>('GET', path, undefined, query),
  post: <T>(path: string, body: unknown = {}) => apiRequest<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
