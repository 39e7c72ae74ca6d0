import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import english from '../locales/en-IN/messages.json';
import { addEnglish, useFieldText } from './i18n.ts';

/**
 * The refusals a guard meets at the gate (the shared schemas' and the server's, issue 35) in the
 * chosen language: each English message of the `messages` catalogue is a template whose `{{name}}`
 * parts are the values (a vehicle number, a time); a message that matches one is said in the
 * catalogue's words, any other stays as the server or the schema wrote it.
 */
addEnglish('messages', english);

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each template as a pattern that finds its values. */
const PATTERNS = Object.entries(english as Record<string, string>).map(([key, template]) => {
  const names: string[] = [];
  const parts = template.split(/\{\{(\w+)\}\}/).map((part, i) => {
    if (i % 2 === 0) {
      return literal(part);
    }
    names.push(part);
    return '(.+?)';
  });
  return { key, names, pattern: new RegExp(`^${parts.join('')}$`) };
});

/** The catalogue key of an English message and its values, or undefined when none matches. */
export function messageKey(message: string): { key: string; values: Record<string, string> } | undefined {
  for (const { key, names, pattern } of PATTERNS) {
    const found = pattern.exec(message);
    if (found) {
      return { key, values: Object.fromEntries(names.map((name, i) => [name, found[i + 1] ?? ''])) };
    }
  }
  return undefined;
}

/** Says a message in the chosen language (as it came when the catalogue has no such message). */
export function useMessageWords(): (message: string) => string {
  const { t } = useFieldText('messages');
  return (message) => {
    const known = messageKey(message);
    return known ? t(known.key, known.values) : message;
  };
}

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

/** A resolver whose refusals are said in the chosen language (`useMessageWords`). */
export function sayingResolver<V extends FieldValues>(resolver: Resolver<V>, say: (message: string) => string): Resolver<V> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    return Object.keys(result.errors).length ? { values: {}, errors: sayErrors(result.errors, say) as FieldErrors<V> } : result;
  };
}
