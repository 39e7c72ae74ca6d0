import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/api-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const folders: string[] = [];
const tempFolder = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `freightdesk-${name}-`));
  folders.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of folders) {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Runs `npm start`'s script on a new database and build folder until it has printed the demo logins; returns all it printed. */
async function startOutput(): Promise<string> {
  const port = await freePort();
  const { LOG_LEVEL: _level, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: tempFolder('data'), WEB_DIST: tempFolder('web'), TRACKING_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const done = new Promise<void>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/carrier2@demo\.test.*\n/.test(output)) {
        // A moment for anything the server would print right after its start.
        setTimeout(resolve, 1500);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', () => resolve());
  });
  const timer = setTimeout(() => child.kill('SIGTERM'), 170_000);
  await done;
  clearTimeout(timer);
  await new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return output;
}

describe('npm start', () => {
  it('prints the build summary, the URL and the demo logins, and nothing to scroll past', { timeout: 180_000 }, async () => {
    const output = await startOutput();
    const lines = output.trimEnd().split('\n');
    expect(output).toMatch(/built in [\d.]+\s*m?s/);
    expect(output).toMatch(/assets\/index-[\w-]+\.js\s/);
    expect(output).toMatch(/Freightdesk is running at http:\/\/localhost:\d+\//);
    expect(output).toMatch(/Demo logins \(password Demo@12345\)/);
    expect(output).toContain('owner@demo.test');
    // One screen: no warning repeated per module, no JSON log lines.
    expect(output).not.toMatch(/use client|MODULE_LEVEL_DIRECTIVE|warning/i);
    expect(output).not.toMatch(/^\{"level"/m);
    expect(lines.length, output).toBeLessThanOrEqual(30);
  });
});
