import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/**
 * A process's CPU ticks so far (user + system) and its start time, which tells it from a later
 * process given the same PID; undefined once it has ended.
 */
function processTicks(pid: number): { ticks: number; start: string } | undefined {
  try {
    // The command name may hold spaces; the fields after its closing parenthesis do not.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ticks: Number(fields[11]) + Number(fields[12]), start: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) the processes used so far; a process that ended counts 0. */
export function cpuSeconds(pids: number[]): number {
  return pids.reduce((ticks, pid) => ticks + (processTicks(pid)?.ticks ?? 0), 0) / TICKS;
}

/** The PostgreSQL backends serving a database now: their process titles name it. */
export function backendsOf(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry)) {
      try {
        const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        if (title.startsWith('postgres: ') && title.includes(` ${database} `)) {
          pids.push(Number(entry));
        }
      } catch {
        // gone
      }
    }
  }
  return pids;
}

/** A process's resident memory now, in bytes (0 once it has ended). */
export function rssOf(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used by a changing set of processes (a pool's backends come and go) from now until
 * `stop`: each is read every 200 ms, so one that ends keeps what it used until its last reading. A
 * process is known by its PID and start time: one that ended is never read as 0 (a negative
 * figure), and a new process given an old PID counts from its own start.
 */
export function trackCpu(pids: () => number[]): { stop: () => number } {
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  const read = (initial: boolean) => {
    for (const pid of pids()) {
      const now = processTicks(pid);
      if (!now) {
        continue;
      }
      const key = `${pid}@${now.start}`;
      if (!first.has(key)) {
        // A process that starts later counts from zero.
        first.set(key, initial ? now.ticks : 0);
      }
      last.set(key, now.ticks);
    }
  };
  read(true);
  const timer = setInterval(() => read(false), 200);
  return {
    stop() {
      read(false);
      clearInterval(timer);
      let ticks = 0;
      for (const [key, used] of last) {
        ticks += used - (first.get(key) ?? 0);
      }
      return ticks / TICKS;
    },
  };
}
