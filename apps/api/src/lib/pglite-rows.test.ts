import { type PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { pgliteParse, readPgliteRowsFaster } from './pglite-rows.ts';

/** A backend message: its type byte, its length (counting itself) and its body. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeUInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
const cstring = (s: string) => Buffer.from(`${s}\0`, 'utf8');
function int16(n: number) {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
}
function int32(n: number) {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}
function dataRow(fields: (string | null)[]): Buffer {
  const parts = [int16(fields.length)];
  for (const f of fields) {
    if (f === null) {
      parts.push(int32(-1));
    } else {
      const bytes = Buffer.from(f, 'utf8');
      parts.push(int32(bytes.length), bytes);
    }
  }
  return message('D', Buffer.concat(parts));
}

/** An answer as the engine sends one: every kind of message a query meets, rows among the others. */
const answer = Buffer.concat([
  message('2', Buffer.alloc(0)),
  message('T', Buffer.concat([int16(1), cstring('city'), int32(0), int16(0), int32(25), int16(-1), int32(-1), int16(0)])),
  dataRow(['पुणे', null, '', 'Chakan — ₹45,000 🚚']),
  dataRow(['x'.repeat(70_000), 'ORD-2026-000123']),
  message('N', Buffer.concat([cstring('SNOTICE'), cstring('C00000'), cstring('Mheads up'), Buffer.from([0])])),
  message('A', Buffer.concat([int32(42), cstring('fd_auth'), cstring('{"table":"users"}')])),
  dataRow([]),
  message('C', cstring('SELECT 3')),
  message('E', Buffer.concat([cstring('SERROR'), cstring('C22P02'), cstring('Minvalid input syntax'), Buffer.from([0])])),
  message('Z', Buffer.from('I', 'latin1')),
]);

/** The messages a parse reads from `chunks`, through a fresh parser. */
function read(parse: (this: object, b: Uint8Array, cb: (m: unknown) => void) => void, chunks: Uint8Array[]): unknown[] {
  const parser = new protocol.Parser();
  const out: unknown[] = [];
  for (const c of chunks) {
    parse.call(parser, c, (m) => out.push(m));
  }
  return out;
}

describe('PGlite rows read without a decoder call per field', () => {
  const original = () => read(pgliteParse as never, [new Uint8Array(answer)]);

  it('reads every message as PGlite does, whole or split at any byte', () => {
    readPgliteRowsFaster();
    const parse = protocol.Parser.prototype.parse as never;
    expect(parse).not.toBe(pgliteParse);
    const expected = original();
    expect(expected.map((m) => (m as { name: string }).name)).toEqual([
      'bindComplete',
      'rowDescription',
      'dataRow',
      'dataRow',
      'notice',
      'notification',
      'dataRow',
      'commandComplete',
      'error',
      'readyForQuery',
    ]);
    expect(read(parse, [new Uint8Array(answer)])).toEqual(expected);
    // Split in two at every byte (inside headers, inside multi-byte characters), and in three.
    for (let cut = 1; cut < answer.length; cut += cut < 200 ? 1 : 997) {
      const got = read(parse, [answer.subarray(0, cut), answer.subarray(cut)]);
      expect(got, `split at ${cut}`).toEqual(expected);
    }
    const thirds = [answer.subarray(0, 7), answer.subarray(7, 35_000), answer.subarray(35_000)];
    expect(read(parse, thirds)).toEqual(expected);
    // The rows are the messages PGlite makes (its result reader checks the class).
    const rows = read(parse, [new Uint8Array(answer)]).filter((m) => (m as { name: string }).name === 'dataRow');
    expect(rows.every((m) => m instanceof protocol.messages.DataRowMessage)).toBe(true);
    expect((rows[0] as { fields: unknown[] }).fields).toEqual(['पुणे', null, '', 'Chakan — ₹45,000 🚚']);
  });

  it('keeps a byte order mark at the start of a value (the value read is the value stored)', () => {
    const row = dataRow(['\uFEFFinvoice']);
    const [mine] = read(protocol.Parser.prototype.parse as never, [new Uint8Array(row)]) as { fields: string[] }[];
    expect(mine?.fields).toEqual(['\uFEFFinvoice']);
  });
});

describe('PGlite with the rows read faster', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = (await openPglite('memory://')).client as PGlite;
  });
  afterAll(() => pg.close());

  it('answers rows, NULLs, errors and LISTEN notifications as before', async () => {
    const { rows } = await pg.query<{ a: string; b: null; n: number; big: string }>(
      "select 'पुणे 🚚' as a, null as b, n, repeat('ab', 50000) as big from generate_series(1, 300) n",
    );
    expect(rows).toHaveLength(300);
    expect(rows[299]).toEqual({ a: 'पुणे 🚚', b: null, n: 300, big: 'ab'.repeat(50_000) });
    await expect(pg.query('select 1/0')).rejects.toMatchObject({ code: '22012' });
    const heard: string[] = [];
    await pg.listen('fd_rows_test', (payload) => heard.push(payload));
    await pg.query("select pg_notify('fd_rows_test', 'ठाणे')");
    await new Promise((r) => setTimeout(r, 20));
    expect(heard).toEqual(['ठाणे']);
    expect((await pg.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
