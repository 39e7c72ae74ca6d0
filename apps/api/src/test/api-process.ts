import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');

/** A port the OS has just handed out as free (a random pick could land on another test's connection). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ApiProcess = {
  base: string;
  child: ChildProcess;
  /** The end of what the process wrote to stderr (a crash's stack), for failure messages. */
  stderrTail: () => string;
  /** Is the OS process still running? */
  alive: () => boolean;
  stop: () => Promise<void>;
};

/**
 * Starts the API as production does (`node --import tsx src/main.ts`) and waits until /api/health
 * answers 200; on a free port, or on `env.PORT` (a node started again where a load balancer expects it).
 */
export async function startApiProcess(env: Record<string, string>, startTimeoutMs = 60_000): Promise<ApiProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    // No OsmAnd port: two processes on one machine would both take 5055.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', TRACKING_PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  const proc: ApiProcess = {
    base: `http://127.0.0.1:${port}`,
    child,
    stderrTail: () => stderr,
    alive,
    stop: () =>
      new Promise<void>((resolve) => {
        if (!alive()) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${proc.base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) {
      return proc;
    }
    if (!alive()) {
      throw new Error(`API process exited with ${child.exitCode ?? child.signalCode}:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await proc.stop();
  throw new Error(`API process did not answer /api/health within ${startTimeoutMs} ms:\n${stderr}`);
}
