#!/usr/bin/env node
// The OpenAPI document, linted (issue 34): writes it from the app built on PGlite in memory
// (apps/api/src/test/write-openapi.ts) to a temporary file, then runs Redocly CLI with
// redocly.yaml (the recommended rules), then checks that the typed client's generated types
// (packages/client/src/openapi.d.ts) are what this document gives. Exits non-zero on any error;
// warnings are printed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(tmpdir(), 'freightdesk-openapi-lint-'));
const file = path.join(dir, 'openapi.json');
const step = (cmd, args, cwd) => spawnSync(cmd, args, { cwd, stdio: 'inherit' }).status ?? 1;
try {
  let status = step('npx', ['tsx', 'src/test/write-openapi.ts', file], path.join(root, 'apps/api'));
  if (status === 0) {
    status = step('npx', ['redocly', 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish'], root);
  }
  if (status === 0) {
    status = step('node', ['scripts/generate.mjs', '--check', file], path.join(root, 'packages/client'));
  }
  process.exitCode = status;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
