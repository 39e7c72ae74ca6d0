import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A zip written as it goes (the XLSX writer's container): each entry deflated as its text comes,
 * with a data descriptor after it, then the central directory. Plain zip, not ZIP64: an entry and
 * the whole file must stay under 4 GB.
 */
type Entry = { name: Buffer; crc: number; compressed: number; size: number; offset: number };
const MAX_ZIP = 0xffffffff;

/** The zip being written: its output, how many bytes went out, and the entries written so far. */
export type ZipOut = { write: (chunk: Buffer) => Promise<void>; offset: () => number; entries: Entry[] };

export function zipOut(out: Writable): ZipOut {
  let offset = 0;
  return {
    entries: [],
    offset: () => offset,
    async write(chunk) {
      offset += chunk.length;
      if (!out.write(chunk)) {
        await once(out, 'drain');
      }
    },
  };
}

function localHeader(name: Buffer, flags: number, crc: number, compressed: number, size: number): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(flags, 6);
  h.writeUInt16LE(8, 8); // deflate
  h.writeUInt32LE(0, 10); // time and date: 1980-01-01
  h.writeUInt32LE(crc, 14);
  h.writeUInt32LE(compressed, 18);
  h.writeUInt32LE(size, 22);
  h.writeUInt16LE(name.length, 26);
  h.writeUInt16LE(0, 28);
  return Buffer.concat([h, name]);
}

/** The data descriptor that follows an entry's deflated bytes. */
function dataDescriptor(crc: number, compressed: number, size: number): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(crc, 4);
  d.writeUInt32LE(compressed, 8);
  d.writeUInt32LE(size, 12);
  return d;
}

/** One entry streamed: a local header with the data-descriptor flag, the deflated bytes, the descriptor. */
export async function streamEntry(zip: ZipOut, fileName: string) {
  const name = Buffer.from(fileName, 'utf8');
  const start = zip.offset();
  await zip.write(localHeader(name, 0x0808, 0, 0, 0));
  const deflate = createDeflateRaw({ level: 6 });
  let crc = 0;
  let size = 0;
  let compressed = 0;
  let pending = Promise.resolve();
  deflate.on('data', (chunk: Buffer) => {
    compressed += chunk.length;
    deflate.pause();
    pending = pending.then(() => zip.write(chunk)).finally(() => deflate.resume());
  });
  const ended = once(deflate, 'end');
  return {
    async add(text: string) {
      const bytes = Buffer.from(text, 'utf8');
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (size > MAX_ZIP) {
        throw new Error('The sheet is too large for one XLSX file; export it as CSV.');
      }
      if (!deflate.write(bytes)) {
        await once(deflate, 'drain');
      }
    },
    async close() {
      deflate.end();
      await ended;
      await pending;
      await zip.write(dataDescriptor(crc, compressed, size));
      zip.entries.push({ name, crc, compressed, size, offset: start });
    },
  };
}

export async function wholeEntry(zip: ZipOut, fileName: string, text: string): Promise<void> {
  const e = await streamEntry(zip, fileName);
  await e.add(text);
  await e.close();
}

/** An entry's record in the central directory. */
function centralRecord(e: Entry): Buffer {
  const c = Buffer.alloc(46);
  c.writeUInt32LE(0x02014b50, 0);
  c.writeUInt16LE(20, 4);
  c.writeUInt16LE(20, 6);
  c.writeUInt16LE(0x0808, 8);
  c.writeUInt16LE(8, 10);
  c.writeUInt32LE(0, 12);
  c.writeUInt32LE(e.crc, 16);
  c.writeUInt32LE(e.compressed, 20);
  c.writeUInt32LE(e.size, 24);
  c.writeUInt16LE(e.name.length, 28);
  c.writeUInt32LE(e.offset, 42);
  return Buffer.concat([c, e.name]);
}

/** The central directory and its end record, after the last entry. */
export async function writeDirectory(zip: ZipOut): Promise<void> {
  const directoryStart = zip.offset();
  for (const e of zip.entries) {
    await zip.write(centralRecord(e));
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip.entries.length, 8);
  end.writeUInt16LE(zip.entries.length, 10);
  end.writeUInt32LE(zip.offset() - directoryStart, 12);
  end.writeUInt32LE(directoryStart, 16);
  if (zip.offset() > MAX_ZIP) {
    throw new Error('The workbook is too large for one XLSX file; export it as CSV.');
  }
  await zip.write(end);
}
