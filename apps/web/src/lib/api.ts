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
 * The one HTTP client (spec section 7): base `/api`, JSON, Bearer token when one is held, no timeout.
 * Resolves to the parsed JSON body; rejects with ApiError for any non-2xx answer.
 */
export async function apiRequest<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) {
    headers.authorization = `Bearer ${token}`;
  }
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(withQuery(`/api${path}`, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Cannot reach the server. Check your connection and try again.');
  }
  const text = await res.text();
  const json = text ? (JSON.parse(text) as unknown) : undefined;
  for (const l of listeners) {
    l(res.status);
  }
  if (!res.ok) {
    const err = (json as ErrorResponse | undefined)?.error;
    const retry = Number(res.headers.get('retry-after') ?? '') || undefined;
    throw new ApiError(
      res.status,
      err?.code ?? 'HTTP',
      err?.message ?? `Request failed (${res.status})`,
      err?.fields,
      retry,
      (err as { details?: unknown } | undefined)?.details,
    );
  }
  return json as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => apiRequest<T>('GET', path, undefined, query),
  post: <T>(path: string, body: unknown = {}) => apiRequest<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
