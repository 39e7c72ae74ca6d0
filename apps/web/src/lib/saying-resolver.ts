import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { useMessageWords } from './message-words.ts';

// Apart from message-words.ts: the gate board says messages without the forms' code (record 0322).

/** A form's errors with their messages said in the chosen language (nested fields and lists alike). */
function sayErrors<T extends object>(errors: T, say: (message: string) => string): T {
  const out: Record<string, unknown> = Array.isArray(errors) ? ([] as unknown as Record<string, unknown>) : {};
  for (const [name, value] of Object.entries(errors)) {
    if (name === 'message' && typeof value === 'string') {
      out[name] = say(value);
    } else if (value && typeof value === 'object' && name !== 'ref') {
      out[name] = sayErrors(value as object, say);
    } else {
      out[name] = value;
    }
  }
  return out as T;
}

/**
 * A form's resolver for `schema` whose refusals are said in the chosen language (`useMessageWords`),
 * made again only when the schema or the language changes: pass a schema made once (a module's
 * constant), not one built in the render.
 */
export function useSayingResolver<V extends FieldValues>(schema: Parameters<typeof zodResolver>[0]): Resolver<V> {
  const say = useMessageWords();
  return useMemo(() => {
    const resolver = zodResolver(schema) as unknown as Resolver<V>;
    return async (values, context, options) => {
      const result = await resolver(values, context, options);
      return Object.keys(result.errors).length ? { values: {}, errors: sayErrors(result.errors, say) as FieldErrors<V> } : result;
    };
  }, [schema, say]);
}
