import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../constants.ts';

export const idParamSchema = z.object({ id: z.coerce.number().int().positive('id must be a positive whole number') });

export const statusSchema = z.enum(['active', 'inactive']);
export type Status = z.infer<typeof statusSchema>;
/** Labels the spec uses for the two statuses. */
export const STATUS_LABEL: Record<Status, string> = { active: 'Active', inactive: 'Deactive' };

/** Query of every list endpoint: page, pageSize ∈ {25, 50, 100}, sort (`field` or `-field`), search. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => n === 25 || n === 50 || n === 100, 'pageSize must be 25, 50 or 100')
    .default(DEFAULT_PAGE_SIZE),
  sort: z.string().max(64).optional(),
  search: z.string().trim().max(100).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function listResponseSchema<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}
export type ListResponse<T> = { data: T[]; total: number; page: number; pageSize: number };

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Optional text field from a form: '' becomes undefined. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `At most ${max} characters`);

/** Body of every activate / deactivate call. */
export const statusBodySchema = z.object({
  status: statusSchema,
  reason: optionalText(300),
});

/** A calendar day in a list filter (India time), as YYYY-MM-DD. */
export const dayQuery = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .optional();
