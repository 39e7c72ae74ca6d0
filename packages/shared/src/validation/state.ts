import { z } from 'zod';

/**
 * Fields that hold a state's name. The geography (admin-maintained) lists the states; the API checks
 * every field marked here against it, in any body, at any depth (repositories/common/known-states.ts), so a schema
 * gets the check by using `stateNameSchema` and nothing else.
 */
export const stateFields = z.registry<{ kind: 'state' }>();

/** A state, as picked from the geography's list (the server refuses one it does not know). */
export const stateNameSchema = z
  .string({ error: 'Choose a state' })
  .trim()
  .min(1, 'Choose a state')
  .max(80, 'At most 80 characters')
  .register(stateFields, { kind: 'state' });

/** An optional state: empty means none. */
export const optionalStateNameSchema = z.union([stateNameSchema, z.literal('').transform(() => undefined)]).optional();

export type KnownState = { name: string; code: string };

/** Case, spacing and "&" do not matter: "jammu & kashmir" is Jammu and Kashmir. */
export function normaliseStateName(value: string): string {
  return value.trim().toLowerCase().replace(/&/g, ' and ').replace(/\s+/g, ' ').trim();
}

/** Edit distance (insertions, deletions, substitutions) between two short strings. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

export type StateMatch = { name: string; suggestion?: undefined } | { name?: undefined; suggestion?: string };

/**
 * The state a typed value means: its name or its code (MH), whatever the case; otherwise the
 * nearest name when the value looks like a typo of it (one edit per four letters, rounded up).
 */
export function matchState(known: readonly KnownState[], typed: string): StateMatch {
  const value = normaliseStateName(typed);
  const exact = known.find((s) => normaliseStateName(s.name) === value || s.code.toLowerCase() === value);
  if (exact) {
    return { name: exact.name };
  }
  let best: { name: string; distance: number } | undefined;
  for (const s of known) {
    const distance = editDistance(value, normaliseStateName(s.name));
    if (!best || distance < best.distance) {
      best = { name: s.name, distance };
    }
  }
  const allowed = Math.max(1, Math.ceil(value.length / 4));
  return best && best.distance <= allowed ? { suggestion: best.name } : {};
}

/** What the user reads for a state the geography does not know. */
export function unknownStateMessage(typed: string, suggestion?: string): string {
  const shown = typed.trim().slice(0, 40);
  return suggestion
    ? `"${shown}" is not a state we know. Did you mean ${suggestion}?`
    : `"${shown}" is not a state we know. Choose one from the list.`;
}
