import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { readXlsx } from '../apps/api/src/lib/import-xlsx.ts';
import { createXlsxWriter, xlsxDay, xlsxMoment } from '../apps/api/src/lib/xlsx-writer.ts';

// XLSX libraries compared on one sheet of XLSX_ROWS rows (700,000) × 12 columns (5 text, 4 numbers,
// 3 dates): each writes the sheet to a file, then reads it back row by row, each phase in a child
// process of its own so its peak RSS is its own (decision 0272). Ours is the reference: the export
// writer (lib/xlsx-writer.ts) and the import reader (lib/import-xlsx.ts). The other libraries are
// not dependencies of the project; install the ones to compare beside it:
//   npm install --prefix /tmp/xlsx-libs exceljs@4.4.0 @cj-tech-master/excelts@5.1.17 hucre@1.0.0
// (XLSX_LIBS=/tmp/xlsx-libs by default); a library not found there is skipped.

const ROWS = Number(process.env.XLSX_ROWS ?? 700_000);
const LIBS = process.env.XLSX_LIBS ?? '/tmp/xlsx-libs';
const HEADER = [
  'Order',
  'Vehicle',
  'From',
  'To',
  'Carrier',
  'Weight kg',
  'Freight',
  'Distance km',
  'Trips',
  'Placed on',
  'Gate out',
  'Due on',
];
const BATCH = 1_000;
const start = Date.UTC(2026, 3, 1);

/** Row i: text, numbers and dates as an export holds them (dates as JavaScript dates). */
function row(i: number): { text: string[]; numbers: number[]; dates: Date[] } {
  const at = new Date(start + i * 61_000);
  return {
    text: [
      `ORD-${100000 + i}`,
      `MH12AB${String(i % 10000).padStart(4, '0')}`,
      `Plant ${i % 37}`,
      `Depot ${i % 211}`,
      `Carrier & Sons ${i % 97}`,
    ],
    numbers: [12_000 + (i % 9000), (i * 137) % 9_000_000, 12.5 + (i % 1500), i % 9],
    dates: [new Date(at.toISOString().slice(0, 10)), at, new Date(start + (i % 400) * 86_400_000)],
  };
}

type Lib = {
  load: () => Promise<Record<string, unknown>>;
  write: (file: string) => Promise<void>;
  read: (file: string) => Promise<number>;
};

const fromLibs = async (name: string) => {
  const require = createRequire(join(LIBS, 'package.json'));
  return (await import(pathToFileURL(require.resolve(name)).href)) as Record<string, unknown>;
};
const hasLib = (name: string) => existsSync(join(LIBS, 'node_modules', name, 'package.json'));

const ours: Lib = {
  load: async () => ({}),
  async write(file) {
    const out = createWriteStream(file);
    const writer = await createXlsxWriter(out, 'Orders', HEADER);
    for (let b = 0; b < ROWS; b += BATCH) {
      const rows: unknown[][] = [];
      for (let i = b; i < Math.min(ROWS, b + BATCH); i++) {
        const r = row(i);
        rows.push([
          ...r.text,
          ...r.numbers,
          xlsxDay(r.dates[0]?.toISOString().slice(0, 10) ?? ''),
          xlsxMoment(r.dates[1] ?? new Date()),
          xlsxDay(r.dates[2]?.toISOString().slice(0, 10) ?? ''),
        ]);
      }
      await writer.addRows(rows);
    }
    await writer.finish();
    await finished(out);
  },
  async read(file) {
    let n = 0;
    await readXlsx(createReadStream(file), Number.MAX_SAFE_INTEGER, () => {
      n += 1;
    });
    return n - 1;
  },
};

/**
 * The reader before decision 0272 (exceljs 4.4's private methods over the same zip loop), when
 * XLSX_BEFORE names a copy of it: `git show 41bc29d:apps/api/src/lib/import-xlsx.ts |
 * sed "s#'./import-sheet-errors.ts'#'../apps/api/src/lib/import-sheet-errors.ts'#" > bench/.before-reader.ts`.
 */
const before: Lib = {
  load: async () => ({}),
  write: ours.write,
  async read(file) {
    type Read = { readXlsx: typeof readXlsx };
    const { readXlsx: readBefore } = (await import(pathToFileURL(process.env.XLSX_BEFORE ?? '').href)) as Read;
    let n = 0;
    await readBefore(createReadStream(file), Number.MAX_SAFE_INTEGER, () => {
      n += 1;
    });
    return n - 1;
  },
};

type ExcelWriter = {
  addWorksheet: (name: string, o: unknown) => { columns: unknown; addRow: (r: unknown[]) => { commit: () => void }; commit: () => void };
  commit: () => Promise<void>;
};
type ExcelReader = AsyncIterable<AsyncIterable<unknown>>;
type ExcelLike = { WorkbookWriter: new (o: unknown) => ExcelWriter; WorkbookReader: new (s: unknown, o: unknown) => ExcelReader };

/** exceljs's streaming API, which excelts keeps. */
function excelStyle(load: () => Promise<ExcelLike>): Lib {
  return {
    load: async () => load(),
    async write(file) {
      const { WorkbookWriter } = await load();
      const out = createWriteStream(file);
      const book = new WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      const sheet = book.addWorksheet('Orders', { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = HEADER.map((header, i) => ({
        header,
        width: 14,
        style: i >= 9 ? { numFmt: i === 10 ? 'dd-mm-yyyy hh:mm' : 'dd-mm-yyyy' } : {},
      }));
      for (let i = 0; i < ROWS; i++) {
        const r = row(i);
        sheet.addRow([...r.text, ...r.numbers, ...r.dates]).commit();
      }
      sheet.commit();
      await book.commit();
    },
    async read(file) {
      const { WorkbookReader } = await load();
      let n = 0;
      const reader = new WorkbookReader(createReadStream(file), {
        worksheets: 'emit',
        sharedStrings: 'cache',
        styles: 'ignore',
        hyperlinks: 'ignore',
        maxBufferedWorksheetBytes: 2 ** 40,
      });
      for await (const sheet of reader) {
        for await (const _ of sheet) {
          n += 1;
        }
      }
      return n - 1;
    },
  };
}

type Hucre = {
  writeXlsxStream: (rows: Iterable<unknown[]>, o: unknown) => ReadableStream<Uint8Array>;
  streamXlsxRows: (input: ReadableStream<Uint8Array>) => AsyncIterable<unknown>;
};
const hucre: Lib = {
  load: () => fromLibs('hucre/xlsx'),
  async write(file) {
    const { writeXlsxStream } = (await fromLibs('hucre/xlsx')) as unknown as Hucre;
    function* rows() {
      for (let i = 0; i < ROWS; i++) {
        const r = row(i);
        yield [...r.text, ...r.numbers, ...r.dates];
      }
    }
    const columns = HEADER.map((header, i) => ({ header, ...(i >= 9 ? { numFmt: i === 10 ? 'dd-mm-yyyy hh:mm' : 'dd-mm-yyyy' } : {}) }));
    const out = createWriteStream(file);
    await finished(Readable.fromWeb(writeXlsxStream(rows(), { name: 'Orders', columns, freezePane: { rows: 1 } }) as never).pipe(out));
  },
  async read(file) {
    const { streamXlsxRows } = (await fromLibs('hucre/xlsx')) as unknown as Hucre;
    let n = 0;
    for await (const _ of streamXlsxRows(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>)) {
      n += 1;
    }
    return n - 1;
  },
};

const CANDIDATES: Record<string, { lib: Lib; needs?: string }> = {
  ours: { lib: ours },
  'ours, reader before 0272': { lib: before },
  'exceljs 4.4.0': {
    lib: excelStyle(async () => ((await fromLibs('exceljs')).default as { stream: { xlsx: ExcelLike } }).stream.xlsx),
    needs: 'exceljs',
  },
  'excelts 5.1.17': {
    lib: excelStyle(async () => (await fromLibs('@cj-tech-master/excelts')) as unknown as ExcelLike),
    needs: '@cj-tech-master/excelts',
  },
  'hucre 1.0.0': { lib: hucre, needs: 'hucre' },
};

/** In the child: one phase of one candidate, then its figures as a JSON line. */
async function child(name: string, phase: 'write' | 'read', file: string) {
  const lib = CANDIDATES[name]?.lib;
  if (!lib) {
    throw new Error(`no candidate ${name}`);
  }
  await lib.load();
  let peakHeap = 0;
  const sample = setInterval(() => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }, 50);
  const t0 = performance.now();
  const rows = phase === 'write' ? await lib.write(file).then(() => ROWS) : await lib.read(file);
  const ms = performance.now() - t0;
  clearInterval(sample);
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  const rssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ ms, rows, rssMb, heapMb: peakHeap / 2 ** 20 }));
}

function run(name: string, phase: 'write' | 'read', file: string) {
  const out = execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', name, phase, file], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  const last = out.trim().split('\n').at(-1) ?? '{}';
  return JSON.parse(last) as { ms: number; rows: number; rssMb: number; heapMb: number };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'xlsx-libs-'));
  const only = process.env.XLSX_ONLY?.split(',');
  console.log(`${ROWS.toLocaleString('en')} rows × ${HEADER.length} columns; figures per phase, each in its own process`);
  console.log(
    '| library | write s | write peak RSS MB | write peak heap MB | file MB | read s | read peak RSS MB | read peak heap MB | rows read |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  try {
    for (const [name, { needs }] of Object.entries(CANDIDATES)) {
      if (name === 'ours, reader before 0272' && !existsSync(process.env.XLSX_BEFORE ?? '')) {
        continue;
      }
      if ((only && !only.includes(name)) || (needs && !hasLib(needs))) {
        console.log(`| ${name} | skipped${needs && !hasLib(needs) ? ` (not in ${LIBS})` : ''} |`);
        continue;
      }
      const file = join(dir, `${name.replace(/\W+/g, '-')}.xlsx`);
      const w = run(name, 'write', file);
      const size = statSync(file).size / 2 ** 20;
      const r = run(name, 'read', file);
      const f = (n: number, d = 0) => n.toFixed(d);
      console.log(
        `| ${name} | ${f(w.ms / 1000, 1)} | ${f(w.rssMb)} | ${f(w.heapMb)} | ${f(size, 1)} | ${f(r.ms / 1000, 1)} | ${f(r.rssMb)} | ${f(r.heapMb)} | ${r.rows} |`,
      );
      rmSync(file, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] ?? '', (process.argv[4] ?? 'read') as 'write' | 'read', process.argv[5] ?? '');
} else {
  await main();
}
