import type { z } from 'zod';
import type { Db, DbOrTx } from '../db/client.ts';
import { AppError } from './errors.ts';

/**
 * Bulk creation for the inbound API (issue 34, record 0294): every line of a call in one
 * transaction (which claims the call's Idempotency-Key, so a repeat answers the stored first answer
 * and creates nothing), each line in its own savepoint: a line refused by its schema or its
 * service is rolled back alone and answered with its errors by field, the others are created.
 */

export type BulkLineResult = {
  index: number;
  status: 'created' | 'error';
  id?: number;
  code?: string;
  message?: string;
  errors?: Record<string, string>;
};

/** A refused line: its field errors (a zod issue's path, `line` when it names none). */
function refused(index: number, code: string, message: string, errors: Record<string, string>): BulkLineResult {
  return { index, status: 'error', code, message, errors };
}

function invalidLine(index: number, error: z.ZodError): BulkLineResult {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    errors[issue.path.map(String).join('.') || 'line'] ??= issue.message;
  }
  const [first] = Object.entries(errors);
  return refused(index, 'VALIDATION_FAILED', first ? `${first[0]}: ${first[1]}` : 'The line is not valid.', errors);
}

/** One line: parsed, then created in a savepoint; a client error (4xx) is the line's, anything else the call's. */
async function bulkLine<T>(
  tx: DbOrTx,
  index: number,
  line: unknown,
  schema: z.ZodType<T, unknown>,
  create: (sp: DbOrTx, input: T) => Promise<number>,
): Promise<BulkLineResult> {
  const parsed = schema.safeParse(line);
  if (!parsed.success) {
    return invalidLine(index, parsed.error);
  }
  try {
    const id = await tx.transaction((sp) => create(sp as DbOrTx, parsed.data));
    return { index, status: 'created', id };
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) {
      return refused(index, err.code, err.message, err.fields ?? { line: err.message });
    }
    throw err;
  }
}

/** Creates the lines, each on its own, in one transaction; answers each line's result in order. */
export function createInBulk<T>(
  db: Db,
  lines: unknown[],
  schema: z.ZodType<T, unknown>,
  create: (sp: DbOrTx, input: T) => Promise<number>,
): Promise<BulkLineResult[]> {
  return db.transaction(async (tx) => {
    const results: BulkLineResult[] = [];
    for (const [index, line] of lines.entries()) {
      results.push(await bulkLine(tx, index, line, schema, create));
    }
    return results;
  });
}

/** The answer of a bulk call: each line's result, and how many were created and refused. */
export function bulkAnswer(results: BulkLineResult[]) {
  const created = results.filter((r) => r.status === 'created').length;
  return { data: results, created, failed: results.length - created };
}
