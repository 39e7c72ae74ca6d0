// `npm run migrate-to-postgres -- --to postgres://… [--from DATA_DIR]`: moves the embedded database
// into an empty PostgreSQL database and verifies it (db/move/move.ts). Exit status 0 only when
// every table's rows and checksum match and every sequence is past its column.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { MoveRefused, moveToPostgres } from './move.ts';
import { nextSteps, resultLines } from './report.ts';

const USAGE = 'Usage: npm run migrate-to-postgres -- --to postgres://user:password@host:5432/database [--from DATA_DIR]';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || !values.to) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  if (!/^postgres(ql)?:\/\//.test(values.to)) {
    console.error(`--to must start with postgres:// or postgresql:// (${USAGE})`);
    return 2;
  }
  // The embedded database the app would open: DATA_DIR (./data by default), resolved as the app does.
  const from = values.from ? path.resolve(values.from) : loadConfig({ ...process.env, LOG_LEVEL: 'silent' }).dataDir;
  const opts = { from, to: values.to, log: (line: string) => console.log(line) };
  try {
    const result = await moveToPostgres(opts);
    console.log(resultLines(result).join('\n'));
    if (!result.ok) {
      console.error('The move did NOT verify (✗ above). Do not switch to this database; drop it and report the lines above.');
      return 1;
    }
    console.log(nextSteps(opts).join('\n'));
    return 0;
  } catch (err) {
    console.error(err instanceof MoveRefused ? err.message : err);
    return 1;
  }
}

process.exit(await main());
