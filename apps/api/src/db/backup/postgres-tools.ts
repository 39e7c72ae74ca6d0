import { spawn } from 'node:child_process';

/**
 * Runs pg_dump or pg_restore (PostgreSQL's client tools: PG_DUMP / PG_RESTORE name another binary)
 * with the connection in the environment, never on the command line where `ps` would show a
 * password. Rejects with the tool's own error output when it fails.
 */
export async function runPgTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const u = new URL(url);
  const env = {
    ...process.env,
    PGHOST: decodeURIComponent(u.hostname),
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
    ...sslMode(u),
  };
  const binary = (tool === 'pg_dump' ? process.env.PG_DUMP : process.env.PG_RESTORE) || tool;
  const child = spawn(binary, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const code = await new Promise<number>((resolve, reject) => {
    child.on('error', (err) => reject(new Error(`${binary} could not start (${err.message}): install PostgreSQL's client tools`)));
    child.on('close', (status) => resolve(status ?? 1));
  });
  if (code !== 0) {
    throw new Error(`${binary} failed (exit ${code}): ${errors.trim()}`);
  }
}

const sslMode = (u: URL): Record<string, string> => {
  const mode = u.searchParams.get('sslmode');
  return mode ? { PGSSLMODE: mode } : {};
};
