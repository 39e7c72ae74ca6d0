import { eq } from 'drizzle-orm';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type KnownState, matchState, stateFields, unknownStateMessage } from '@freightdesk/shared/validation/state';
import type { DbOrTx } from '../../db/client.ts';
import { states } from '../../db/schema/platform.ts';
import { AppError } from '../../lib/errors.ts';
import type { RowError } from '../../lib/import.ts';

/** Where a state sits in a body: keys, with `*` for every element of a list (`addresses.*.state`). */
export type StatePath = readonly string[];

type Def = {
  type: string;
  shape?: Record<string, unknown>;
  element?: unknown;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: readonly unknown[];
};

const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | null | undefined)?._zod?.def ?? undefined;

/**
 * The paths of every field marked as a state (`stateNameSchema`) in a zod schema: through
 * objects, lists, optional/nullable/default wrappers, unions and pipes. Empty for anything else.
 */
export function statePaths(schema: unknown, at: string[] = [], depth = 0): StatePath[] {
  const def = defOf(schema);
  if (!def || depth > 12) {
    return [];
  }
  if (stateFields.has(schema as never)) {
    return [at];
  }
  const inner = (next: unknown, path = at) => statePaths(next, path, depth + 1);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, value]) => inner(value, [...at, key]));
    case 'array':
      return inner(def.element, [...at, '*']);
    case 'union':
      // A field is one path whichever option matched (`state` or `''`).
      return [...new Map((def.options ?? []).flatMap((o) => inner(o)).map((p) => [p.join('.'), p])).values()];
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    default:
      return def.innerType ? inner(def.innerType) : [];
  }
}

/** The states the geography lists as active (admin data: read at each check, so a change holds at once on every node). */
export async function knownStates(db: DbOrTx): Promise<KnownState[]> {
  return db.select({ name: states.name, code: states.code }).from(states).where(eq(states.status, 'active'));
}

export type StateIssue = { field: string; message: string };

/**
 * Checks every state at `paths` in a parsed body against the known states and writes each one
 * as the geography spells it ("maharashtra", "MH" → "Maharashtra"). Returns what it could not match.
 */
export function settleStates(body: unknown, paths: readonly StatePath[], known: readonly KnownState[]): StateIssue[] {
  const issues: StateIssue[] = [];
  const visit = (node: unknown, path: StatePath, done: string[]) => {
    if (node === null || typeof node !== 'object') {
      return;
    }
    const [key, ...rest] = path;
    if (key === undefined) {
      return;
    }
    if (key === '*') {
      for (const [i, item] of (Array.isArray(node) ? node : []).entries()) {
        visit(item, rest, [...done, String(i)]);
      }
      return;
    }
    const holder = node as Record<string, unknown>;
    if (rest.length) {
      visit(holder[key], rest, [...done, key]);
      return;
    }
    const value = holder[key];
    if (typeof value !== 'string' || value === '') {
      return;
    }
    const match = matchState(known, value);
    if (match.name) {
      holder[key] = match.name;
    } else {
      issues.push({ field: [...done, key].join('.'), message: unknownStateMessage(value, match.suggestion) });
    }
  };
  for (const path of paths) {
    visit(body, path, []);
  }
  return issues;
}

/**
 * Every route whose body schema holds a state gets a check after validation: an unknown state is
 * a 400 naming the field ("Did you mean Maharashtra?"), a known one is stored as the geography
 * spells it. Register before the routes.
 */
export const knownStatesPlugin = fp(async (app: FastifyInstance, opts: { db: DbOrTx }) => {
  app.addHook('onRoute', (route) => {
    const paths = statePaths(route.schema?.body);
    if (!paths.length) {
      return;
    }
    const check: preHandlerAsyncHookHandler = async (request) => {
      const issues = settleStates(request.body, paths, await knownStates(opts.db));
      const [first] = issues;
      if (first) {
        throw new AppError(400, 'VALIDATION_FAILED', first.message, Object.fromEntries(issues.map((i) => [i.field, i.message])));
      }
    };
    const existing = route.preHandler;
    route.preHandler = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), check];
  });
});

/**
 * The same check for an import's parsed rows (`rows`: each one's number as the user sees it):
 * states written as the geography spells them, unknown ones as row errors naming the nearest.
 */
export async function stateRowErrors(
  db: DbOrTx,
  parsed: readonly unknown[],
  rows: readonly number[],
  schema: unknown,
): Promise<RowError[]> {
  const paths = statePaths(schema);
  if (!paths.length || !parsed.length) {
    return [];
  }
  const known = await knownStates(db);
  return parsed.flatMap((row, i) => settleStates(row, paths, known).map((issue) => ({ row: rows[i] ?? 0, ...issue })));
}
