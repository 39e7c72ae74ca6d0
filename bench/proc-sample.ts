import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** CPU seconds (user + system) the processes used so far; a process that ended counts 0. */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // The command name may hold spaces; the fields after its closing parenthesis do not.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks / TICKS;
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
 * `stop`: each is read every 200 ms, so one that ends keeps what it used until its last reading.
 */
export function trackCpu(pids: () => number[]): { stop: () => number } {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const read = (initial: boolean) => {
    for (const pid of pids()) {
      const used = cpuSeconds([pid]);
      if (!first.has(pid)) {
        // A process that starts later counts from zero.
        first.set(pid, initial ? used : 0);
      }
      last.set(pid, used);
    }
  };
  read(true);
  const timer = setInterval(() => read(false), 200);
  return {
    stop() {
      read(false);
      clearInterval(timer);
      let total = 0;
      for (const [pid, used] of last) {
        total += used - (first.get(pid) ?? 0);
      }
      return total;
    },
  };
}
