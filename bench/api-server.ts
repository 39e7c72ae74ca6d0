import { type ChildProcess, spawn } from 'node:child_process';
import type http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type ApiBuild = {
  API_DIST: string;
  API_PROCESS_ENV: Record<string, string>;
  API_NODE_ARGS: string[];
  apiBuildStale: () => boolean;
  buildApi: () => Promise<{ files: number; ms: number }>;
};

/**
 * The API as its own process, started as `npm start` starts it: the compiled tree
 * (apps/api/dist/main.js, built first when stale, as start.mjs does), or with `tsx` the sources
 * (`node --import tsx src/main.ts`, as e2e runs it). Resolves once /api/health answers 200.
 */
export async function startApiServer(env: Record<string, string>, opts: { tsx: boolean; port: number }) {
  const build = (await import(path.join(root, 'scripts/build-api.mjs'))) as ApiBuild;
  let entry: string[];
  if (opts.tsx) {
    entry = ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')];
  } else {
    if (build.apiBuildStale()) {
      await build.buildApi();
    }
    entry = [...build.API_NODE_ARGS, path.join(build.API_DIST, 'main.js')];
  }
  // BENCH_API_PROFILE=<folder>: the API process writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_API_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, ...entry], {
    cwd: root,
    env: { ...build.API_PROCESS_ENV, ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(opts.port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr = stderrTail(child);
  const alive = () => child.exitCode === null && child.signalCode === null;
  const stop = stopper(child);
  const base = `http://127.0.0.1:${opts.port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      return { base, pid: child.pid ?? 0, stop };
    }
    if (!alive()) {
      throw new Error(`the API exited with ${child.exitCode ?? child.signalCode}:\n${stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the API did not answer /api/health within 60 s:\n${stderr()}`);
}

/** The last 4,000 characters a child process wrote to its stderr, as they come. */
export function stderrTail(child: ChildProcess): () => string {
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  });
  return () => tail;
}

/** Stops a child process with SIGTERM and resolves once it has exited (at once if it has). */
export function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        resolve();
        return;
      }
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/** The demo shipper's owner logs in to the API at `base`: its bearer token. */
export async function loginDemoOwner(base: string): Promise<string> {
  return loginWithDemoPassword(base, 'owner@demo.test');
}

/** A session token for a user who has the demo password (the demo accounts, the bench's own users). */
export async function loginWithDemoPassword(base: string, login: string): Promise<string> {
  const { DEMO_PASSWORD } = await import('../apps/api/src/db/seed/demo.ts');
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: DEMO_PASSWORD }),
  });
  if (!res.ok) {
    throw new Error(`logging in as ${login} answered ${res.status}`);
  }
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * A bench's own server (a ceiling) as a process of its own: `script` run under tsx with its config
 * as a JSON file, listening on `config.port`. Resolves once the script sends its first message
 * (it listens), with its address, process id and a stop that also removes the config.
 */
export async function startBenchServer(script: string, config: { port: number }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'fd-bench-server-'));
  const file = path.join(dir, 'config.json');
  writeFileSync(file, JSON.stringify(config));
  const child = spawn(process.execPath, ['--import', 'tsx', script, file], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  const stderr = stderrTail(child);
  const stopChild = stopper(child);
  const stop = async () => {
    rmSync(dir, { recursive: true, force: true });
    await stopChild();
  };
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`${path.basename(script)} exited with ${code}:\n${stderr()}`)));
  });
  return { base: `http://127.0.0.1:${config.port}`, pid: child.pid ?? 0, stop };
}

/**
 * In a bench server's process (startBenchServer's script): keeps connections alive as a browser's
 * are, listens on `port` and tells the parent so; on SIGTERM closes the server and its connections,
 * then `close` (its engine), and exits.
 */
export function serveUntilTerm(server: http.Server, port: number, close: () => Promise<void>) {
  server.keepAliveTimeout = 60_000;
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void close().finally(() => process.exit(0));
  });
  server.listen(port, '127.0.0.1', () => process.send?.('listening'));
}
