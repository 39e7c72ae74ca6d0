import { StringDecoder } from 'node:string_decoder';
import { Parser } from 'htmlparser2';

// The parts of an XLSX file the import reads, parsed from their XML as it inflates (htmlparser2's
// SAX parser in XML mode): the workbook's relations, its first sheet, the shared strings and the
// rows of one worksheet. Names are read without their namespace prefix (`x:row` is `row`).

type Handlers = {
  open?: (name: string, attrs: Record<string, string>) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
};

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Feeds an entry's bytes through the parser; a handler may throw to stop the reading. */
export async function parseXml(body: AsyncIterable<Buffer>, handlers: Handlers): Promise<void> {
  const parser = new Parser(
    {
      onopentag: (name, attrs) => handlers.open?.(localName(name), attrs),
      ontext: (text) => handlers.text?.(text),
      onclosetag: (name) => handlers.close?.(localName(name)),
    },
    { xmlMode: true },
  );
  // A character split between two chunks is held until its last byte arrives.
  const decoder = new StringDecoder('utf8');
  for await (const chunk of body) {
    parser.write(decoder.write(chunk));
  }
  parser.write(decoder.end());
  parser.end();
}

export type Relationship = { id: string; target: string };

/** `xl/_rels/workbook.xml.rels`: each relationship's id and target. */
export async function parseRelationships(body: AsyncIterable<Buffer>): Promise<Relationship[]> {
  const rels: Relationship[] = [];
  await parseXml(body, {
    open: (name, attrs) => {
      if (name === 'Relationship' && attrs.Id && attrs.Target) {
        rels.push({ id: attrs.Id, target: attrs.Target });
      }
    },
  });
  return rels;
}

/** `xl/workbook.xml`: the relationship id of the workbook's first sheet. */
export async function parseFirstSheetId(body: AsyncIterable<Buffer>): Promise<string | undefined> {
  let first: string | undefined;
  await parseXml(body, {
    open: (name, attrs) => {
      if (name === 'sheet' && first === undefined) {
        first = Object.entries(attrs).find(([key]) => key.endsWith(':id'))?.[1];
      }
    },
  });
  return first;
}

/** `xl/sharedStrings.xml`: each string's text (rich text runs joined, phonetic readings left out). */
export async function parseSharedStrings(body: AsyncIterable<Buffer>): Promise<string[]> {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let phonetic = 0;
  await parseXml(body, {
    open: (name) => {
      if (name === 'si') {
        current = '';
      } else if (name === 't') {
        inText = phonetic === 0;
      } else if (name === 'rPh') {
        phonetic += 1;
      }
    },
    text: (text) => {
      if (inText) {
        current += text;
      }
    },
    close: (name) => {
      if (name === 't') {
        inText = false;
      } else if (name === 'rPh') {
        phonetic -= 1;
      } else if (name === 'si') {
        strings.push(current);
      }
    },
  });
  return strings;
}

/** Excel's last column is XFD, the 16,384th. */
const MAX_COLUMNS = 16_384;

/** A cell reference's column, from 0 (`B7` → 1); undefined without one. Past XFD the file is refused. */
export function columnOf(ref: string | undefined): number | undefined {
  let n = 0;
  for (const ch of ref ?? '') {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) {
      break;
    }
    n = n * 26 + code - 64;
    if (n > MAX_COLUMNS) {
      throw new Error(`The cell reference ${ref} is past the last column.`);
    }
  }
  return n > 0 ? n - 1 : undefined;
}

type Cell = { column: number; type: string | undefined; formula: boolean; text: string | undefined };

/**
 * A cell's text as the import sees it: a shared string by its index, inline and formula strings
 * as written, booleans as `true`/`false`, numbers (dates too: their serial day) as JavaScript
 * prints them.
 */
export function cellValue(cell: Cell, sharedString: (index: number) => string): string {
  const text = cell.text ?? '';
  if (cell.formula || cell.type === undefined || cell.type === 'n') {
    if (cell.type === 'str' || cell.type === 'e') {
      return text;
    }
    return text.trim() === '' ? '' : String(Number.parseFloat(text));
  }
  switch (cell.type) {
    case 's':
      return sharedString(Number.parseInt(text, 10));
    case 'b':
      return Number.parseInt(text, 10) !== 0 ? 'true' : 'false';
    default:
      // inlineStr, str, e: the text itself.
      return text;
  }
}

/** The rows of `<sheetData>` as they are parsed; each reaches `onRow` as its cells' texts. */
class SheetRows implements Handlers {
  private inData = false;
  private row: string[] | undefined;
  private nextColumn = 0;
  private cell: Cell | undefined;
  private capturing = false;
  private phonetic = 0;

  constructor(
    private readonly sharedString: (index: number) => string,
    private readonly onRow: (cells: string[]) => void,
  ) {}

  open = (name: string, attrs: Record<string, string>) => {
    if (name === 'sheetData') {
      this.inData = true;
    } else if (name === 'row' && this.inData) {
      this.row = [];
      this.nextColumn = 0;
    } else if (name === 'c' && this.row) {
      this.cell = { column: columnOf(attrs.r) ?? this.nextColumn, type: attrs.t, formula: false, text: undefined };
    } else if (name === 'f' && this.cell) {
      this.cell.formula = true;
    } else if ((name === 'v' || name === 't') && this.cell && this.phonetic === 0) {
      this.cell.text ??= '';
      this.capturing = true;
    } else if (name === 'rPh') {
      this.phonetic += 1;
    }
  };

  text = (text: string) => {
    if (this.capturing && this.cell) {
      this.cell.text += text;
    }
  };

  close = (name: string) => {
    if (name === 'v' || name === 't') {
      this.capturing = false;
    } else if (name === 'rPh') {
      this.phonetic -= 1;
    } else if (name === 'c' && this.row && this.cell) {
      if (this.cell.text !== undefined) {
        this.row[this.cell.column] = cellValue(this.cell, this.sharedString);
      }
      this.nextColumn = this.cell.column + 1;
      this.cell = undefined;
    } else if (name === 'row' && this.row) {
      const cells = Array.from(this.row, (v) => v ?? '');
      this.row = undefined;
      this.onRow(cells);
    } else if (name === 'sheetData') {
      this.inData = false;
    }
  };
}

/**
 * A worksheet's rows, each handed to `onRow` (cells from column A, empty ones '') as soon as it is
 * parsed; `onRow` may throw to stop. `sharedString` gives the text of a shared string by index.
 */
export async function parseSheetRows(
  body: AsyncIterable<Buffer>,
  sharedString: (index: number) => string,
  onRow: (cells: string[]) => void,
): Promise<void> {
  await parseXml(body, new SheetRows(sharedString, onRow));
}
