/**
 * The names the document gives an operation that does not declare its own: an operationId from its
 * method and path (`GET /api/orders/outbound/{id}/documents` → `getOrdersOutboundByIdDocuments`),
 * stable while the route stays where it is, and unique because method and path are; and a summary
 * read from the same two.
 */

const words = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** `get` + each path segment after `/api` capitalised, a parameter as `By<Name>`. */
export function operationIdOf(method: string, path: string): string {
  const parts = path
    .replace(/^\/api(\/|$)/, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      return param ? `By${capital(param[1] ?? '')}` : words(segment).map(capital).join('');
    });
  return method.toLowerCase() + parts.join('');
}

const VERBS: Record<string, string> = { get: 'Read', post: 'Create or run', put: 'Replace', patch: 'Update', delete: 'Delete' };
const ACTIONS: Record<string, string> = { get: 'Read', post: 'Run', put: 'Set', patch: 'Update', delete: 'Remove' };

/**
 * A short sentence from method and path: `GET /api/plants` → "Read plants", `GET /api/plants/{id}`
 * → "Read one of plants by id", `POST /api/orders/inbound/{id}/cancel` → "Run cancel on orders inbound by id".
 */
export function generatedSummary(method: string, path: string): string {
  const segments = path
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean);
  const params = segments.filter((s) => s.startsWith('{')).map((s) => s.slice(1, -1));
  const names = segments.filter((s) => !s.startsWith('{')).map((s) => words(s).join(' '));
  const by = params.length ? ` by ${params.join(' and ')}` : '';
  const m = method.toLowerCase();
  const last = segments.at(-1) ?? '';
  if (params.length && !last.startsWith('{') && names.length > 1) {
    const action = names.pop() ?? '';
    return `${ACTIONS[m] ?? capital(m)} ${action} of ${names.join(' ')}${by}`;
  }
  const one = last.startsWith('{') ? 'one of ' : '';
  return `${VERBS[m] ?? capital(m)} ${one}${names.join(' ') || 'the API root'}${by}`;
}

/** A direction's word in a summary (request type 1 is outbound, 2 inbound). */
export const dirWord = (direction: 1 | 2 | 'outbound' | 'inbound') =>
  direction === 1 || direction === 'outbound' ? 'outbound' : 'inbound';
