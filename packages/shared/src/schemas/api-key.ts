import { z } from 'zod';
import { API_KEY_MAX_DAYS, API_SCOPES, type ApiScope } from '../api-scopes.ts';
import { listQuerySchema } from './common.ts';

/** A new API key (issue 34): its name, scopes (a subset of what the creator may grant) and life in days. */
export const apiKeyCreateSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name is at most 80 characters'),
  scopes: z
    .array(z.enum(API_SCOPES, { error: 'Unknown scope' }), { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .max(API_SCOPES.length)
    .transform((list) => [...new Set(list)]),
  expiresInDays: z
    .number({ error: 'Expiry is required' })
    .int('Expiry must be a whole number of days')
    .min(1, 'Expiry must be at least 1 day')
    .max(API_KEY_MAX_DAYS, `Expiry can be at most ${API_KEY_MAX_DAYS} days`),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

/** A key as its company's list shows it (never its secret or hash). */
export type ApiKey = {
  id: number;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
  createdByName: string;
  expiresAt: string;
  lastUsedAt: string | null;
  lastUsedAddress: string | null;
  revokedAt: string | null;
};

/** The answer to a create: the key, and its secret, shown this once. */
export type ApiKeyCreated = ApiKey & { key: string };

/** One call of a key in its audit log. */
export type ApiKeyCall = {
  id: number;
  method: string;
  path: string;
  status: number;
  address: string;
  at: string;
  durationMs: number;
};

/** What the Developers page may offer: the scopes this user may grant. */
export type ApiKeyGrantable = { scopes: ApiScope[] };

export const apiKeyListQuerySchema = listQuerySchema.pick({ page: true, pageSize: true });
export { idParamSchema as apiKeyParamSchema } from './common.ts';
