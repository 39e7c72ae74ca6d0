// Benchmark: import 5,000 carriers from one XLSX file (issue 3 target: under 10 s).
// Run: npx tsx bench/carrier-import.ts            (embedded PGlite, in memory)
//      BENCH_DATABASE_URL=postgres://… npx tsx bench/carrier-import.ts   (also PostgreSQL)
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { type Database, openPglite, openPostgres } from '../apps/api/src/db/client.ts';
import { seedDemo } from '../apps/api/src/db/seed/demo.ts';
import { CARRIER_IMPORT_COLUMNS } from '../apps/api/src/modules/carriers/carriers.import.ts';
import { multipartFile } from '../apps/api/src/test/import-files.ts';

const ROWS = Number(process.env.ROWS ?? 5000);

async function file(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Carriers');
  ws.addRow(CARRIER_IMPORT_COLUMNS.map((c) => c.label));
  for (let i = 0; i < ROWS; i++) {
    ws.addRow([
      `Bench Carrier ${i}`,
      `Contact ${i}`,
      `8${String(i).padStart(9, '0')}`,
      `bench${i}@carrier.test`,
      '',
      '',
      '',
      'Pune',
      'Maharashtra',
      '411001',
      '10',
      `B${i}`,
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function run(name: string, database: Database) {
  await database.migrate();
  await seedDemo(database.db);
  const mails: unknown[] = [];
  const app = await buildApp({
    database,
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    logger: false,
    mailer: { send: async (m) => void mails.push(m) },
  });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: 'owner@demo.test', password: 'Demo@12345' } });
  const token = login.json().data.token;
  const xlsx = await file();
  const form = multipartFile('bench.xlsx', xlsx);
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/carriers/import',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) {
    throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  console.log(
    `${name}: imported ${res.json().data.created} carriers from a ${(xlsx.length / 1024).toFixed(0)} KB XLSX (multipart) in ${(ms / 1000).toFixed(2)} s`,
  );
  await app.close();
  await database.close();
}

await run('PGlite', await openPglite('memory://'));
if (process.env.BENCH_DATABASE_URL) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query('drop database if exists fd_bench_import with (force)');
  await admin.query('create database fd_bench_import');
  const url = new URL(process.env.BENCH_DATABASE_URL);
  url.pathname = '/fd_bench_import';
  await run('PostgreSQL', await openPostgres(url.toString()));
  await admin.query('drop database fd_bench_import with (force)');
  await admin.end();
}
