import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** One statement on the admin connection (create or drop a database: outside any transaction). */
async function onAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database named `<prefix>_<random>` on the server of `adminUrl`, its URL and its drop. */
export async function scratchDatabase(adminUrl: string, prefix: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onAdmin(adminUrl, `drop database if exists ${name} with (force)`) };
}
