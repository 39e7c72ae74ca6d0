import http from 'node:http';
import { cpuLine, loadLine, type Measured, searchCapacity, timedCpu } from './capacity-measure.ts';
import { BENCH_DB } from './lists-database.ts';
import { getList, offerLoad } from './lists-load.ts';
import { cpuSeconds } from './proc-sample.ts';

/** The lists bench's options (bench/lists.ts describes them). */
export type Args = {
  pg: boolean;
  orders: number;
  rate: number;
  seconds: number;
  warmup: number;
  only: string | null;
  keep: boolean;
  reuse: boolean;
  ceiling: boolean;
  tsx: boolean;
  /** Accept-Encoding of every call ('' for none). */
  encoding: string;
  /** Search each scenario's highest rate holding the p99 target (issue 36), unless --rate fixes one. */
  capacity: boolean;
  /** The API's port; the ceiling server's is the next one (0: free ports). */
  port: number;
  /** PGlite: a folder of the caller's, seeded once and kept (--dir). */
  dir?: string;
};

/** What Chromium asks for on every call of the web app. */
const CHROMIUM_ENCODING = 'gzip, deflate, br, zstd';

export function parseArgs(argv: string[]): Args {
  const at = (name: string) => argv.indexOf(`--${name}`);
  const value = (name: string, fallback: number) => (at(name) >= 0 ? Number(argv[at(name) + 1]) : fallback);
  const pg = argv.includes('--pg') || Boolean(process.env.DATABASE_URL);
  const capacity = at('rate') < 0 && !argv.includes('--fixed');
  return {
    pg,
    orders: value('orders', pg ? 1_000_000 : 100_000),
    rate: value('rate', pg ? 500 : 100),
    capacity,
    seconds: value('seconds', capacity ? 3 : 10),
    warmup: value('warmup', capacity ? 1 : 2),
    only: at('only') >= 0 ? (argv[at('only') + 1] ?? null) : null,
    // A reused database is kept again: dropping it after one look would cost the next run its seeding.
    keep: argv.includes('--keep') || argv.includes('--reuse'),
    reuse: argv.includes('--reuse'),
    ceiling: !argv.includes('--no-ceiling'),
    tsx: argv.includes('--tsx'),
    encoding: at('encoding') >= 0 ? (argv[at('encoding') + 1] ?? '') : CHROMIUM_ENCODING,
    port: value('port', 0),
    dir: at('dir') >= 0 ? argv[at('dir') + 1] : undefined,
  };
}

export type { Measured } from './capacity-measure.ts';

/** The p99 every scenario must hold (issue 36: 50 ms on both databases; the fixed-rate mode keeps issue 15's). */
export const p99Target = (args: Args) => (args.capacity || args.pg ? 50 : 150);

/**
 * One scenario's figures: at the fixed rate (warm-up, then the timed phase), or the capacity
 * search's (capacity.ts), each probe warmed up and timed, with the CPU of the best probe.
 */
async function measureScenario(args: Args, call: () => Promise<string | undefined>, server: () => number): Promise<Measured> {
  const at = async (rate: number) => {
    await offerLoad(rate, args.warmup, call);
    return timedCpu(() => offerLoad(rate, args.seconds, call), args.pg ? BENCH_DB : null, server);
  };
  if (!args.capacity) {
    return { ...(await at(args.rate)), rate: args.rate };
  }
  return searchCapacity(at, { start: args.pg ? 100 : 25, p99Ms: p99Target(args), steps: 4, max: 4000, retries: 1 });
}

export const resultLine = (m: Measured, args: Args) =>
  args.capacity ? `holds ${String(m.rate).padStart(4)}/s: ${loadLine(m.load)}` : loadLine(m.load);

/** One server's scenarios, called over HTTP as the web app calls them. */
export type Target = {
  /** `app` or `ceiling`, for the log. */
  label: string;
  base: string;
  /** The server's process (its CPU is counted; on PGlite the database's with it). */
  pid: number;
  calls: { name: string; path: string; token: string }[];
};

/** Each call of `target`: checked once whole, then measured (warm-up, timed phase, CPU of the server and the database). */
export async function measureOverHttp(target: Target, args: Args): Promise<Map<string, Measured>> {
  const results = new Map<string, Measured>();
  const base = new URL(target.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const encoding = args.encoding || undefined;
  try {
    for (const { name, path, token } of target.calls) {
      const first = await getList(agent, base, path, token, { encoding, strict: true });
      if (first) {
        throw new Error(`${target.label} ${name}: ${path} answered ${first}`);
      }
      const call = () => getList(agent, base, path, token, { encoding });
      const measured = await measureScenario(args, call, () => cpuSeconds([target.pid]));
      results.set(name, measured);
      console.log(`  ${target.label.padEnd(8)} ${name.padEnd(18)} ${resultLine(measured, args)}  ${cpuLine(measured.cpuMs)}`);
      if (measured.probes) {
        console.log(`           probes (calls/s offered): ${measured.probes}`);
      }
    }
  } finally {
    agent.destroy();
  }
  return results;
}
