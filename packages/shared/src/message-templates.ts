/**
 * Messages written in English once (the schemas', the API's) found again by their templates, so a
 * screen can say them in another language (the web's `messages` catalogue, record 0320): a
 * template's `{{name}}` parts are its values. A value holds no "; " except the `reasons` slot's,
 * a list of messages joined by it.
 */
export type MessageTemplate = { key: string; names: string[]; pattern: RegExp };

const LIST_SLOT = 'reasons';
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each template (by its key) as a pattern that finds its values. */
export function messageTemplates(templates: Record<string, string>): MessageTemplate[] {
  return Object.entries(templates).map(([key, template]) => {
    const names: string[] = [];
    const parts = template.split(/\{\{(\w+)\}\}/).map((part, i) => {
      if (i % 2 === 0) {
        return literal(part);
      }
      names.push(part);
      return part === LIST_SLOT ? '(.+?)' : '([^;]+?)';
    });
    return { key, names, pattern: new RegExp(`^${parts.join('')}$`) };
  });
}

/** The first template `message` matches, with its values; undefined when none does. */
export function matchTemplate(
  templates: readonly MessageTemplate[],
  message: string,
): { key: string; values: Record<string, string> } | undefined {
  for (const { key, names, pattern } of templates) {
    const found = pattern.exec(message);
    if (found) {
      return { key, values: Object.fromEntries(names.map((name, i) => [name, found[i + 1] ?? ''])) };
    }
  }
  return undefined;
}
