#!/usr/bin/env node
// The typed client's types, generated from the API's OpenAPI document with openapi-typescript
// (issue 34, record 0295). `npm run generate -w packages/client` writes src/openapi.d.ts;
// `--check <document.json>` (run by scripts/lint-openapi.mjs in `npm test`) fails when the committed
// file differs from what the document gives, so the client never drifts from the API.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const target = path.join(here, '..', 'src', 'openapi.d.ts');
const HEADER = [
  '/**',
  " * Generated from the Freightdesk API's OpenAPI document by openapi-typescript: do not edit.",
  ' * Regenerate with `npm run generate -w packages/client` after an API change.',
  ' */',
  '',
].join('\n');

/** The document as the app builds it (apps/api/src/test/write-openapi.ts), read from a temporary file. */
function writeDocument() {
  const dir = mkdtempSync(path.join(tmpdir(), 'freightdesk-client-'));
  const file = path.join(dir, 'openapi.json');
  const api = path.join(here, '..', '..', '..', 'apps', 'api');
  const run = spawnSync('npx', ['tsx', 'src/test/write-openapi.ts', file], { cwd: api, stdio: 'inherit' });
  if (run.status !== 0) {
    throw new Error('could not write the OpenAPI document');
  }
  const text = readFileSync(file, 'utf8');
  rmSync(dir, { recursive: true, force: true });
  return text;
}

async function typesOf(documentText) {
  const ast = await openapiTS(JSON.parse(documentText), { alphabetize: true, silent: true });
  return HEADER + astToString(ast);
}

const checkIndex = process.argv.indexOf('--check');
if (checkIndex >= 0) {
  const documentFile = process.argv[checkIndex + 1];
  const wanted = await typesOf(documentFile ? readFileSync(documentFile, 'utf8') : writeDocument());
  const committed = readFileSync(target, 'utf8');
  if (committed !== wanted) {
    console.error(
      'packages/client/src/openapi.d.ts is not what the API document gives: run `npm run generate -w packages/client` and commit it.',
    );
    process.exitCode = 1;
  } else {
    console.log('typed client: packages/client/src/openapi.d.ts matches the API document');
  }
} else {
  writeFileSync(target, await typesOf(writeDocument()));
  console.log(`typed client types written to ${path.relative(process.cwd(), target)}`);
}
