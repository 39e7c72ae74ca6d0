import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_ID, MAX_RUPEES } from '../constants.ts';
import { indianNumber } from '../indian-number.ts';

/** A row id: a positive whole number the database can hold. */
export const idSchema = z
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be a positive number')
  .max(MAX_ID, 'No such record');

/** An id in a body, with the message a form shows when it is missing (`Choose a plant`). */
export function idRef(message?: string) {
  const n = message ? z.number({ error: message }).int(message).positive(message) : z.number().int().positive();
  return n.max(MAX_ID, 'No such record');
}

/** The most ids one list field takes (invited carriers, group members, plants of a staff user). */
export const MAX_LIST_IDS = 1000;

/** A list of ids chosen in a form: bounded, each id valid, duplicates dropped. */
export function idList(what: string) {
  return z
    .array(idRef(), { error: `${what} must be a list of ids` })
    .max(MAX_LIST_IDS, `Choose at most ${MAX_LIST_IDS} ${what.toLowerCase()}`)
    .default([])
    .transform((list) => [...new Set(list)]);
}

/** An id in a query string (a list filter). */
export const idQuery = z.coerce.number().int().positive().max(MAX_ID, 'No such record');

export const idParamSchema = z.object({
  id: z.coerce
    .number()
    .int('id must be a positive whole number')
    .positive('id must be a positive whole number')
    .max(MAX_ID, 'No such record'),
});

/**
 * An amount in rupees: at most two decimals (paise) and at most ₹1,000 crore. A value with more
 * decimals is refused, never rounded behind the user's back.
 */
export function rupeesSchema(label: string, opts: { allowZero?: boolean; max?: number } = {}) {
  const max = opts.max ?? MAX_RUPEES;
  const n = z.number({ error: `${label} is required` });
  return (opts.allowZero ? n.min(0, `${label} cannot be negative`) : n.positive(`${label} must be more than 0`))
    .max(max, `${label} can be at most ₹${indianNumber(max)}`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} can have at most two decimals (paise)`);
}

export const statusSchema = z.enum(['active', 'inactive']);
export type Status = z.infer<typeof statusSchema>;
/** Labels the spec uses for the two statuses. */
export const STATUS_LABEL: Record<Status, string> = { active: 'Active', inactive: 'Deactive' };

/** A list's or picker's search text (at most 100 characters). */
export const searchQuery = z.string().trim().max(100, 'search is at most 100 characters').optional();

/** Query of every list endpoint: page, pageSize ∈ {25, 50, 100}, sort (`field` or `-field`), search. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000, 'page must be at most 100000').default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => n === 25 || n === 50 || n === 100, 'pageSize must be 25, 50 or 100')
    .default(DEFAULT_PAGE_SIZE),
  sort: z.string().max(64).optional(),
  search: searchQuery,
  /**
   * The `cursor` of a page of the same list read before (same search, filters, sort and page
   * size): the server then finds the page asked for from that page's first row instead of skipping
   * every row before it. A cursor of another list, or one the server cannot verify, is ignored.
   */
  cursor: z.string().max(256, 'cursor is at most 256 characters').optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function listResponseSchema<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.array(row),
    total: z.number().int(),
    totalCapped: z.boolean().optional(),
    page: z.number().int(),
    pageSize: z.number().int(),
    cursor: z.string().optional(),
  });
}
/**
 * A page of a list. `total` counts the matches exactly, unless `totalCapped` is set: then there are
 * more than `total` (lists stop counting at LIST_COUNT_CAP; the UI shows "10,000+"). `cursor`
 * (lists that page by keyset) marks this page's first row: sent back with another page of the same
 * list, it lets the server seek there instead of skipping every row before it.
 */
export type ListResponse<T> = { data: T[]; total: number; totalCapped?: boolean; page: number; pageSize: number; cursor?: string };

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

/** The longest ERP reference (issue 34): a longer one is refused, never cut. */
export const EXTERNAL_REF_MAX = 64;

/**
 * The ERP's own reference of a record it creates (`externalRef`, issue 34): trimmed, at most 64
 * characters (a longer one is a 400 naming the field, never truncated); '' or null is none.
 * Unique within the company: a duplicate is a 409 naming the field and the record that holds it.
 */
export const externalRefSchema = z
  .string({ error: 'ERP reference must be text' })
  .trim()
  .max(EXTERNAL_REF_MAX, `ERP reference can be at most ${EXTERNAL_REF_MAX} characters`)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** A list's exact ERP reference filter (`externalRef=`). */
export const externalRefQuery = z
  .string()
  .trim()
  .min(1)
  .max(EXTERNAL_REF_MAX, `externalRef can be at most ${EXTERNAL_REF_MAX} characters`)
  .optional();

/** The most lines one bulk call of the inbound API creates (issue 34). */
export const BULK_MAX_LINES = 500;

function makeBulkBody(line: z.ZodType) {
  const documented = z.toJSONSchema(line, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' }) as Record<string, unknown>;
  delete documented.$schema;
  return z.object({
    lines: z
      .array(z.unknown().meta(documented), { error: 'lines must be a list' })
      .min(1, 'Send at least one line')
      .max(BULK_MAX_LINES, `At most ${BULK_MAX_LINES} lines in one call`),
  });
}

/** Each line schema's bulk body, made once however often the app is built (once per test file). */
const bulkBodies = new WeakMap<z.ZodType, ReturnType<typeof makeBulkBody>>();

/**
 * A bulk call's body: 1 to 500 lines, each checked by its route's own schema line by line (a bad
 * line is its own error, not the call's). The document and the typed client show each line as that
 * schema takes it, while the call itself only requires a list.
 */
export function bulkLinesOf(line: z.ZodType) {
  let body = bulkBodies.get(line);
  if (!body) {
    body = makeBulkBody(line);
    bulkBodies.set(line, body);
  }
  return body;
}

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
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'No such day')
  .optional();
