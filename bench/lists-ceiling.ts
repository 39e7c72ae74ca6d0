import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CeilingConfig, CeilingRoute } from './lists-ceiling-server.ts';
import type { Scenario } from './lists-scenarios.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A scenario's ceiling route: the path the app was called with (its cursor included) and its page. */
export function ceilingRoute(s: Scenario, calledPath: string): CeilingRoute {
  const query = new URL(calledPath, 'http://x').searchParams;
  return {
    path: calledPath,
    sql: s.sql,
    params: s.params,
    custom: s.custom,
    page: Number(query.get('page') ?? 1),
    pageSize: Number(query.get('pageSize') ?? 25),
  };
}

/**
 * The ceiling server (lists-ceiling-server.ts) as a process of its own on `port`, on the same engine
 * as the app: PostgreSQL by `url`, or PGlite's folder `dataDir`, opened only after the API process has
 * stopped (PGlite's folder has one process at a time). Resolves once it listens, with its bearer token.
 */
export async function startCeilingServer(opts: { port: number; url: string | null; dataDir: string | null; routes: CeilingRoute[] }) {
  const token = randomBytes(24).toString('base64url');
  const dir = mkdtempSync(path.join(tmpdir(), 'fd-bench-ceiling-'));
  const file = path.join(dir, 'config.json');
  const config: CeilingConfig = { ...opts, tokens: [token] };
  writeFileSync(file, JSON.stringify(config));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'lists-ceiling-server.ts'), file], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      rmSync(dir, { recursive: true, force: true });
      if (child.exitCode !== null || child.signalCode !== null) {
        resolve();
        return;
      }
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the ceiling server exited with ${code}:\n${stderr}`)));
  });
  return { base: `http://127.0.0.1:${opts.port}`, pid: child.pid ?? 0, token, stop };
}
