/** An error the API answers as `{ error: { code, message, fields? } }` with its HTTP status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** Structured detail for the client, e.g. the per-row report of a refused import. */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (field: string, message: string) => new AppError(400, 'VALIDATION_FAILED', message, { [field]: message });
export const unauthorized = (message = 'Please log in to continue.') => new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do this.') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (what = 'Record') => new AppError(404, 'NOT_FOUND', `${what} not found.`);
/** The one row a lookup found, or 404 naming `what` (a row out of the caller's reach is not found either). */
export async function foundOr404<T>(rows: PromiseLike<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (row === undefined) {
    throw notFound(what);
  }
  return row;
}
export const conflict = (field: string, message: string) => new AppError(409, 'CONFLICT', message, { [field]: message });
export const tooManyRequests = (retryAfterSeconds: number, message: string) =>
  new AppError(429, 'TOO_MANY_REQUESTS', message, undefined, { 'retry-after': String(retryAfterSeconds) });

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '53300', // too_many_connections
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);
/** pg's own messages, which carry no code. */
const CONNECTION_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connect ECONNREFUSED/i,
  // A transaction's next statement (or its rollback) after its connection broke.
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /Query read timeout/i,
];

/** Walks an error's cause chain (Drizzle wraps driver errors). */
export function* causes(err: unknown): Generator<Record<string, unknown>> {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

/** Is this the database being unreachable (as opposed to a bad query)? */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causes(err)) {
    if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) {
      return true;
    }
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.some((re) => re.test(e.message as string))) {
      return true;
    }
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) {
      return true;
    }
  }
  return false;
}

/** Did PostgreSQL cancel the statement at its statement timeout (SQLSTATE 57014)? */
export function isStatementTimeout(err: unknown): boolean {
  for (const e of causes(err)) {
    if (e.code === '57014') {
      return true;
    }
  }
  return false;
}

/** The PostgreSQL unique-violation constraint name, if this error is one. */
export function uniqueViolation(err: unknown): string | undefined {
  for (const e of causes(err)) {
    if (e.code === '23505') {
      return typeof e.constraint === 'string' ? e.constraint : String(e.constraint_name ?? '');
    }
  }
  return undefined;
}

/** Is this a foreign-key violation (a row others still reference)? */
export function isForeignKeyViolation(err: unknown): boolean {
  for (const e of causes(err)) {
    if (e.code === '23503') {
      return true;
    }
  }
  return false;
}
