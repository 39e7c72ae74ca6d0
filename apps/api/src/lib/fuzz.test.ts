import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { fieldPaths, fill, type Operation, operations, sample, withField } from '../test/openapi.ts';
import type { Access } from './access.ts';

/**
 * Generated from the OpenAPI document: every write body, every path id and every query field of
 * every route gets wrong types, NUL bytes, lone surrogates, huge and negative numbers, ids past
 * 2^31, 70,000-element arrays and 1 MB strings. Any 5xx fails the test: bad input is a 400 naming
 * the field (or a 404 for an id that names nothing), never a crash. A new route is fuzzed without
 * anyone writing a test for it.
 */
const t = useTestApp();
const tokens: Record<'admin' | 'owner' | 'carrier', string> = { admin: '', owner: '', carrier: '' };

const MB = 'x'.repeat(1_000_000);
const BAD_VALUES: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['text', 'text'],
  ['empty', ''],
  ['NUL', 'a\u0000b'],
  ['lone surrogate', 'x\ud800y'],
  ['fraction', 1.5],
  ['negative', -1],
  ['2^31', 2 ** 31],
  ['-2^53', -(2 ** 53)],
  ['1e308', 1e308],
  ['object', { a: { b: { c: 1 } } }],
  ['empty array', []],
  ['date-like', '2026-13-45T25:61:00Z'],
];
/** Path segments and query values as sent (percent-encoded): `%ED%A0%80` is a lone surrogate in UTF-8. */
/** Large values, tried where they fit the field's type (a text field gets the 1 MB string). */
const HUGE: Record<'string' | 'array', [string, unknown][]> = {
  string: [['1 MB string', MB]],
  array: [['70,000 numbers', Array.from({ length: 70_000 }, (_, i) => i + 1)]],
};

const BAD_IDS = ['2147483648', '-1', 'abc', '1.5', '%00', '%ED%A0%80', '9'.repeat(40), '%FF'];
const BAD_QUERY = ['%00', '%ED%A0%80', '2147483648', '-1', 'abc', '1e400', 'x'.repeat(5000), '2026-02-30', '%FF'];

/** The user each route is called as: the one its access rule lets in, so the body is really read. */
function tokenFor(access: Access | undefined): string | undefined {
  if (access === undefined || access === 'public') {
    return undefined;
  }
  if (access !== 'authenticated' && 'userTypes' in access) {
    if (access.userTypes.includes(3)) {
      return tokens.owner;
    }
    return access.userTypes.includes(1) ? tokens.admin : tokens.carrier;
  }
  return tokens.owner;
}

/** Calls that would end the session the rest of the test runs on. */
const SKIP = new Set(['POST /api/auth/logout']);

type Failure = { call: string; status: number; body: string };

async function probe(op: Operation, failures: Failure[], label: string, url: string, payload?: unknown) {
  const token = tokenFor(op.access);
  const res = await t.app.inject({
    method: op.method as 'POST',
    url,
    headers: { ...(token ? t.as(token) : {}), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
  if (res.statusCode >= 500) {
    failures.push({ call: `${op.method} ${op.url} — ${label}`, status: res.statusCode, body: res.body.slice(0, 300) });
  }
}

beforeAll(async () => {
  tokens.admin = await t.login('admin@demo.test');
  tokens.owner = await t.login('owner@demo.test');
  tokens.carrier = await t.login('carrier@demo.test');
});

describe('generated fuzz of every route', () => {
  it('answers bad bodies, path ids and query fields without a 5xx', { timeout: 600_000 }, async () => {
    const failures: Failure[] = [];
    const ops = operations(t.app).filter((op) => op.url.startsWith('/api/') && !SKIP.has(`${op.method} ${op.url}`));
    expect(ops.length).toBeGreaterThan(150);
    let calls = 0;
    for (const op of ops) {
      for (const param of op.params) {
        for (const bad of BAD_IDS) {
          calls++;
          await probe(op, failures, `${param}=${bad}`, fill(op.url, { [param]: bad }, true));
        }
      }
      const url = fill(op.url, {});
      if (op.body) {
        const base = sample(op.body);
        for (const [label, whole] of [['no body', undefined], ...BAD_VALUES, ...HUGE.string, ...HUGE.array] as [string, unknown][]) {
          calls++;
          await probe(op, failures, `body=${label}`, url, whole);
        }
        for (const { path, type } of fieldPaths(op.body)) {
          for (const [label, bad] of [...BAD_VALUES, ...(type === 'string' || type === 'array' ? HUGE[type] : [])]) {
            calls++;
            await probe(op, failures, `${path.join('.')}=${label}`, url, withField(base, path, bad));
          }
        }
      }
      for (const field of Object.keys(op.query?.properties ?? {})) {
        for (const bad of BAD_QUERY) {
          calls++;
          await probe(op, failures, `?${field}=${bad.slice(0, 20)}`, `${url}?${field}=${bad}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(5000);
    expect(failures, JSON.stringify(failures.slice(0, 40), null, 1)).toEqual([]);
  });
});
