/**
 * Columns of a batch as PostgreSQL array text, for `unnest($1::int[], $2::text[], …)`: one
 * parameter per column, whatever the number of rows. Written here rather than by node-postgres,
 * which quotes and escapes every element with two regular expressions, numbers included (a few µs
 * of the one event loop per row, at thousands of rows a second).
 */

/**
 * How an element is written: numbers bare, booleans `t`/`f`, text quoted, and times as
 * milliseconds since the epoch (a `float8[]` the statement turns into times with
 * `to_timestamp(ms / 1000.0)`, exact to the microsecond): Date's toISOString cost 0.4 µs an
 * element, a tenth of a position's whole cost in its batch.
 */
export type ArrayKind = 'number' | 'bool' | 'time' | 'text';

const NEEDS_ESCAPE = /[\\"]/;

function element(v: unknown, kind: ArrayKind): string {
  if (v === null || v === undefined) {
    return 'NULL';
  }
  switch (kind) {
    case 'number': {
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        throw new TypeError(`not a finite number: ${String(v)}`);
      }
      return String(v);
    }
    case 'bool':
      return v ? 't' : 'f';
    case 'time': {
      const ms = v instanceof Date ? v.getTime() : Number.NaN;
      if (!Number.isFinite(ms)) {
        throw new TypeError(`not a valid time: ${String(v)}`);
      }
      return String(ms);
    }
    default: {
      const text = String(v);
      return NEEDS_ESCAPE.test(text) ? `"${text.replace(/[\\"]/g, '\\$&')}"` : `"${text}"`;
    }
  }
}

/** `{1,NULL,"a \"b\""}`: the text form of a one-dimensional PostgreSQL array (kind by each value's type; a Date as epoch ms). */
export function arrayLiteral(values: unknown[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const kind: ArrayKind = typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool' : v instanceof Date ? 'time' : 'text';
    out += i > 0 ? `,${element(v, kind)}` : element(v, kind);
  }
  return `${out}}`;
}

/** A column of a batch: how to read it from a row (and its place in the batch), and how to write it. */
export type ArrayColumn<T> = readonly [read: (row: T, index: number) => unknown, kind: ArrayKind];

/**
 * Every column of `rows` as array text, in one pass over the rows (no array of values per
 * column, no second walk): the answer has one literal per column, in the columns' order.
 */
export function arrayColumns<T>(rows: readonly T[], columns: readonly ArrayColumn<T>[]): string[] {
  const out = columns.map(() => '{');
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as T;
    const sep = i > 0 ? ',' : '';
    for (let c = 0; c < columns.length; c++) {
      const [read, kind] = columns[c] as ArrayColumn<T>;
      out[c] += sep + element(read(row, i), kind);
    }
  }
  return out.map((text) => `${text}}`);
}
