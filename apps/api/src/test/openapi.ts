import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Access } from '../lib/access.ts';

/** A JSON schema as @fastify/swagger writes it from the zod schemas (the parts the tests read). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  default?: unknown;
};

export type Operation = {
  method: string;
  /** Fastify's pattern, `/api/plants/:id`. */
  url: string;
  params: string[];
  body?: JsonSchema;
  query?: JsonSchema;
  access: Access | undefined;
};

type OpenApi = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; parameters?: unknown[] }>>;
};

/**
 * Every operation of the app's OpenAPI document, with its access rule from the route catalogue:
 * what the generated isolation and fuzz tests walk, so a new route is covered without a new test.
 */
export function operations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as OpenApi;
  const byKey = new Map<string, RouteOptions>();
  for (const route of app.routeCatalog) {
    for (const method of [route.method].flat()) {
      byKey.set(`${method} ${route.url}`, route);
    }
  }
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    const url = path.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      const route = byKey.get(`${upper} ${url}`);
      const schema = route?.schema as { querystring?: unknown } | undefined;
      ops.push({
        method: upper,
        url,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''),
        body: op.requestBody?.content?.['application/json']?.schema,
        query: schema?.querystring ? queryOf(op.parameters) : undefined,
        access: (route?.config as { access?: Access } | undefined)?.access,
      });
    }
  }
  return ops;
}

function queryOf(parameters: unknown[] | undefined): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const p of (parameters ?? []) as { in: string; name: string; schema?: JsonSchema }[]) {
    if (p.in === 'query') {
      properties[p.name] = p.schema ?? {};
    }
  }
  return { type: 'object', properties };
}

/** Puts values into a route pattern (`:id` → 7); `encoded` values are put in as they are. */
export function fill(url: string, values: Record<string, string | number>, encoded = false): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) {
      return '1';
    }
    return encoded ? String(value) : encodeURIComponent(String(value));
  });
}

const first = (s: JsonSchema): JsonSchema => {
  const options = s.anyOf ?? s.oneOf;
  if (options) {
    return options.find((o) => o.type !== 'null') ?? options[0] ?? {};
  }
  return s.allOf?.[0] ?? s;
};

/** A plausible value for a schema: the base each fuzz case changes one field of. */
export function sample(schema: JsonSchema): unknown {
  const s = first(schema);
  if (s.const !== undefined) {
    return s.const;
  }
  if (s.enum?.length) {
    return s.enum[0];
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    case 'array':
      return s.items ? [sample(s.items)] : [];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      return s.format === 'date-time' ? new Date(Date.now() + 86_400_000).toISOString() : 'Sample';
    default:
      return s.properties ? sample({ ...s, type: 'object' }) : 'Sample';
  }
}

/** The fields of a schema (`dropoffs.0.stopId`) with their type, nested objects and first array items included. */
export function fieldPaths(schema: JsonSchema, depth = 0): { path: (string | number)[]; type: string }[] {
  const s = first(schema);
  if (depth > 3) {
    return [];
  }
  const typeOf = (v: JsonSchema) => {
    const f = first(v);
    return (Array.isArray(f.type) ? f.type.find((x) => x !== 'null') : f.type) ?? (f.properties ? 'object' : 'unknown');
  };
  const nested = (key: string | number, v: JsonSchema) => [
    { path: [key], type: typeOf(v) },
    ...fieldPaths(v, depth + 1).map((f) => ({ ...f, path: [key, ...f.path] })),
  ];
  if (s.properties) {
    return Object.entries(s.properties).flatMap(([k, v]) => nested(k, v));
  }
  return s.items ? nested(0, s.items) : [];
}

/** A copy of `value` with the field at `path` set to `to` (arrays and objects created on the way). */
export function withField(value: unknown, path: (string | number)[], to: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) {
    return to;
  }
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[head] = withField(list[head], rest, to);
    return list;
  }
  const obj = value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  obj[head] = withField(obj[head], rest, to);
  return obj;
}
