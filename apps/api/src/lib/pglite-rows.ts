import { protocol } from '@electric-sql/pglite';

/**
 * Faster reading of PGlite's result rows. PGlite reads every message the engine answers with its
 * port of pg-protocol's `Parser`; for a row (DataRow) it copies each field's bytes into a new
 * ArrayBuffer and decodes that with a TextDecoder. A page of 100 wide rows is about 4,500 fields,
 * and that was a fifth of the API's CPU for the call: on the embedded database the API and the
 * database share one thread, so it was time no other call could use.
 *
 * `Parser.prototype.parse(buffer, callback)` (a public export of PGlite, the contract of
 * pg-protocol) is replaced once per process by one that reads DataRow messages itself — each field
 * decoded straight from the answer's bytes — and hands every other message, whole and one at a
 * time, to PGlite's own parse, so errors, notices and LISTEN notifications are read exactly as
 * before. A message split across two of the engine's chunks waits for its rest, as PGlite's does.
 *
 * The one difference: a text value that starts with a byte order mark keeps it (the TextDecoder
 * dropped it), so the value read is the value stored.
 */

type Callback = (message: unknown) => void;
type Parse = (this: object, buffer: ArrayBuffer | ArrayBufferView, callback: Callback) => void;

/** A message's header: its type byte and its length (which counts itself, not the type). */
const HEADER = 5;
const DATA_ROW = 0x44;

const { DataRowMessage } = protocol.messages;
/** PGlite's own parse, as shipped (the tests compare against it). */
export const pgliteParse: Parse = protocol.Parser.prototype.parse as Parse;

/** Per parser, the start of a message whose rest is still to come (copied: the engine reuses its memory). */
const partial = new WeakMap<object, Buffer>();

function asBuffer(input: ArrayBuffer | ArrayBufferView): Buffer {
  return ArrayBuffer.isView(input) ? Buffer.from(input.buffer, input.byteOffset, input.byteLength) : Buffer.from(input);
}

/** A DataRow's fields: a count, then each field's length (-1 for NULL) and its UTF-8 text. */
function dataRow(data: Buffer, start: number, length: number): unknown {
  let at = start;
  const count = data.readInt16BE(at);
  at += 2;
  const fields = new Array<string | null>(count);
  for (let i = 0; i < count; i++) {
    const size = data.readInt32BE(at);
    at += 4;
    if (size === -1) {
      fields[i] = null;
    } else {
      fields[i] = data.toString('utf8', at, at + size);
      at += size;
    }
  }
  return new DataRowMessage(length, fields);
}

function parseWithRows(this: object, input: ArrayBuffer | ArrayBufferView, callback: Callback): void {
  const before = partial.get(this);
  const data = before ? Buffer.concat([before, asBuffer(input)]) : asBuffer(input);
  partial.delete(this);
  let at = 0;
  while (at + HEADER <= data.length) {
    const length = data.readUInt32BE(at + 1);
    const end = at + 1 + length;
    // As PGlite's parse: an incomplete message (or a zero length) waits for more.
    if (length === 0 || end > data.length) {
      break;
    }
    if (data[at] === DATA_ROW) {
      callback(dataRow(data, at + HEADER, length));
    } else {
      pgliteParse.call(this, data.subarray(at, end), callback);
    }
    at = end;
  }
  if (at < data.length) {
    partial.set(this, Buffer.from(data.subarray(at)));
  }
}

/** Installs the faster row reading for every PGlite instance of this process (once; idempotent). */
export function readPgliteRowsFaster(): void {
  protocol.Parser.prototype.parse = parseWithRows as never;
}
