/**
 * Writes the app's OpenAPI document to a file (`tsx src/test/write-openapi.ts <path>`): the app
 * is built on the embedded PGlite in memory, as the tests build it, and its document is read
 * without listening on a port. `npm test` lints the file with Redocly CLI (redocly.yaml).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/client.ts';

const out = process.argv[2] ?? path.join(tmpdir(), 'freightdesk-openapi.json');
const dataDir = mkdtempSync(path.join(tmpdir(), 'freightdesk-openapi-'));
const database = await openPglite('memory://');
await database.migrate();
const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://freightdesk.test', DATA_DIR: dataDir });
const app = await buildApp({ database, config, logger: false });
await app.ready();
writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(`OpenAPI document written to ${out}`);
