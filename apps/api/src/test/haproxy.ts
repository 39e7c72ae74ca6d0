import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './api-process.ts';

/** HAProxy as Debian installs it (scripts/test.mjs installs it when missing and run as root). */
export function haproxyPath(): string {
  const found = spawnSync('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  if (!found) {
    throw new Error('HAProxy is not installed: run the test command as root (it installs it) or apt-get install -y haproxy');
  }
  return found;
}

export type Backend = { name: string; port: number };

/**
 * The configuration docs/operations.md recommends, for these backends: round robin, no sticky
 * sessions, a health check on readiness, a new connection per call (so a node that stops accepting
 * is retried on another at once), and WebSocket upgrades passed through.
 */
export function haproxyConfig(api: { port: number; backends: Backend[] }, tracking?: { port: number; backends: Backend[] }): string {
  const servers = (list: Backend[]) => list.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check inter 500ms fall 2 rise 2`).join('\n');
  const lines = [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    '  option http-server-close',
    '  option redispatch',
    '  retries 3',
    '  retry-on conn-failure empty-response',
    'frontend api',
    `  bind 127.0.0.1:${api.port}`,
    '  default_backend api_nodes',
    'backend api_nodes',
    '  balance roundrobin',
    '  option httpchk GET /api/health/ready',
    '  http-check expect status 200',
    servers(api.backends),
  ];
  if (tracking) {
    lines.push(
      'frontend tracking',
      `  bind 127.0.0.1:${tracking.port}`,
      '  default_backend tracking_nodes',
      'backend tracking_nodes',
      '  balance roundrobin',
      servers(tracking.backends),
    );
  }
  return `${lines.join('\n')}\n`;
}

export type Haproxy = { base: string; trackingPort?: number; child: ChildProcess; stop: () => Promise<void> };

/** Starts HAProxy in the foreground with a generated configuration; resolves once its frontend takes connections. */
export async function startHaproxy(apiBackends: Backend[], trackingBackends?: Backend[]): Promise<Haproxy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fd-haproxy-'));
  const port = await freePort();
  const trackingPort = trackingBackends ? await freePort() : undefined;
  const file = path.join(dir, 'haproxy.cfg');
  const tracking = trackingPort && trackingBackends ? { port: trackingPort, backends: trackingBackends } : undefined;
  writeFileSync(file, haproxyConfig({ port, backends: apiBackends }, tracking));
  const check = spawnSync(haproxyPath(), ['-c', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) {
    throw new Error(`HAProxy refused its configuration:\n${check.stdout}${check.stderr}`);
  }
  const child = spawn(haproxyPath(), ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;
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
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (
      (await fetch(`${base}/api/health/ready`)
        .then((r) => r.status)
        .catch(() => 0)) === 200
    ) {
      return { base, trackingPort, child, stop };
    }
    if (child.exitCode !== null) {
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`HAProxy did not serve a ready node within 15 s:\n${stderr}`);
}
