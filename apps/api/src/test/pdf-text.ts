import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as pdfkit writes it, for tests to read what a page really shows: the content
 * streams inflated, each embedded font's glyph codes (Identity-H, two bytes a glyph) turned back
 * into characters through its ToUnicode map. One line per text object. Not a general PDF reader:
 * no object streams, no cross-reference streams, no other encodings (pdfkit writes none of them).
 */
export type PdfRead = { text: string; title: string | undefined };

type PdfObject = { dict: string; stream?: Buffer };

/** The index of the ")" that closes the literal string opened at `from` (nested parentheses, escapes). */
function stringEnd(text: string, from: number): number {
  let nest = 0;
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
    } else if (text[i] === '(') {
      nest++;
    } else if (text[i] === ')' && --nest === 0) {
      return i;
    }
  }
  throw new Error('PDF: unterminated string');
}

/** The end of the dictionary that starts at `from` ("<<"), skipping literal strings. */
function dictEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    if (text[i] === '(') {
      i = stringEnd(text, i);
    } else if (text.startsWith('<<', i)) {
      depth++;
      i++;
    } else if (text.startsWith('>>', i)) {
      depth--;
      i++;
      if (depth === 0) {
        return i + 1;
      }
    }
  }
  throw new Error('PDF: unterminated dictionary');
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\n/g;
  for (let m = header.exec(text); m; m = header.exec(text)) {
    const start = m.index + m[0].length;
    if (!text.startsWith('<<', start)) {
      objects.set(Number(m[1]), { dict: text.slice(start, text.indexOf('endobj', start)) });
      continue;
    }
    const end = dictEnd(text, start);
    const dict = text.slice(start, end);
    const object: PdfObject = { dict };
    if (text.startsWith('\nstream\n', end)) {
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
      const raw = pdf.subarray(end + 8, end + 8 + length);
      object.stream = dict.includes('/FlateDecode') ? inflateSync(raw) : raw;
      header.lastIndex = end + 8 + length;
    }
    objects.set(Number(m[1]), object);
  }
  return objects;
}

const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');

/** A ToUnicode CMap: glyph code → characters (its bfchar and bfrange entries). */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, from, to, list] of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
    // A ligature's glyph maps to its letters, written as several codes in one entry (<0066 006c>: "fl").
    const codes = [...(list ?? '').matchAll(/<([0-9a-f\s]*)>/gi)].map((c) => utf16((c[1] ?? '').replace(/\s/g, '')));
    for (const [i, chars] of codes.entries()) {
      map.set(Number.parseInt(from ?? '0', 16) + i, chars);
    }
    expectRange(from, to, codes.length);
  }
  const chars = /beginbfchar([\s\S]*?)endbfchar/g;
  for (const [, body] of cmap.matchAll(chars)) {
    for (const [, code, dst] of (body ?? '').matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi)) {
      map.set(Number.parseInt(code ?? '0', 16), utf16(dst ?? ''));
    }
  }
  return map;
}

function expectRange(from: string | undefined, to: string | undefined, count: number) {
  if (Number.parseInt(to ?? '0', 16) - Number.parseInt(from ?? '0', 16) + 1 !== count) {
    throw new Error('PDF: a bfrange whose array does not cover it');
  }
}

/** A string object as pdfkit writes one: `(literal)` (with its escapes) or UTF-16 `<FEFF…>`. */
function pdfString(raw: string | undefined): string | undefined {
  const value = raw?.trim() ?? '';
  if (value.startsWith('<')) {
    return utf16(value.slice(5, -1));
  }
  return value.startsWith('(') ? value.slice(1, -1).replace(/\\([()\\])/g, '$1') : undefined;
}

/** The text of every page, in order, and the title of the document information dictionary. */
export function readPdf(pdf: Buffer): PdfRead {
  const objects = readObjects(pdf);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
  // Font resource name (/F1) → its glyph map, through the font's ToUnicode stream.
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const [, body] of dict.matchAll(/\/Font <<([^>]*)>>/g)) {
      for (const [, name, id] of (body ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)) {
        const font = objects.get(Number(id));
        const cmap = font && objects.get(ref(font.dict, 'ToUnicode'))?.stream;
        fonts.set(name ?? '', cmap ? toUnicode(cmap.toString('latin1')) : new Map());
      }
    }
  }
  const pages = [...objects.values()].filter((o) => /\/Type \/Page\b/.test(o.dict));
  let text = '';
  for (const page of pages) {
    const content = objects.get(ref(page.dict, 'Contents'))?.stream?.toString('latin1') ?? '';
    let glyphs = new Map<number, string>();
    for (const [op, font, array, single] of content.matchAll(/\/(\w+) [\d.]+ Tf|\[([^\]]*)\] TJ|<([0-9a-f]*)> Tj|\bET\b/gi)) {
      if (font) {
        glyphs = fonts.get(font) ?? new Map();
      } else if (op === 'ET') {
        text += '\n';
      } else {
        const hex = single ?? [...(array ?? '').matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]).join('');
        for (let i = 0; i + 4 <= hex.length; i += 4) {
          text += glyphs.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? '\uFFFD';
        }
      }
    }
  }
  const trailer = pdf.toString('latin1').slice(pdf.lastIndexOf('trailer'));
  const info = objects.get(ref(trailer, 'Info'))?.dict ?? '';
  return { text, title: pdfString(objects.get(ref(info, 'Title'))?.dict) };
}
