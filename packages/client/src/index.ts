import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './openapi';

/**
 * A typed client of the Freightdesk API (issue 34, record 0295): openapi-fetch over the types
 * openapi-typescript generates from the API's OpenAPI document (src/openapi.d.ts). Every path,
 * parameter, body and answer is checked by TypeScript against the document the server serves.
 *
 *   const fd = createFreightdeskClient({ baseUrl: 'https://freight.example.in', apiKey: process.env.FD_KEY });
 *   const { data, error } = await fd.GET('/api/orders/outbound', { params: { query: { externalRef: 'SO-1' } } });
 */
export type { components, operations, paths } from './openapi';

export type FreightdeskClient = Client<paths>;

export type FreightdeskClientOptions = {
  /** The server's address, e.g. `https://freight.example.in` (the API is under `/api`). */
  baseUrl: string;
  /** An integration's API key (`fdk_…`, Settings → Developers), sent as `X-API-Key`. */
  apiKey?: string;
  /** Or a signed-in user's session token, sent as a bearer token. */
  token?: string;
  /** Another fetch (a proxy's, a test's); the platform's by default. */
  fetch?: (input: Request) => Promise<Response>;
};

/** A client of one Freightdesk server, calling as an integration (API key) or as a user (session token). */
export function createFreightdeskClient(options: FreightdeskClientOptions): FreightdeskClient {
  const headers: Record<string, string> = {};
  if (options.apiKey) {
    headers['X-API-Key'] = options.apiKey;
  }
  if (options.token) {
    headers.Authorization = `Bearer ${options.token}`;
  }
  return createClient<paths>({ baseUrl: options.baseUrl, headers, fetch: options.fetch });
}

/**
 * The header that makes a write safe to retry: the same key on a repeated call answers the first
 * call's answer and changes nothing (docs/integrations.md). Use one key per logical write, e.g. the
 * ERP's document number and batch.
 */
export function idempotencyKey(key: string): { 'Idempotency-Key': string } {
  return { 'Idempotency-Key': key };
}
