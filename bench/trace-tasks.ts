// The long tasks of a page load, from a trace Lighthouse kept (issue 35): what ran in each.
// Run: LIGHTHOUSE_SAVE=.tmp/lh npm run bench:lighthouse -- --runs 1 --only "carrier orders"
//      npm run bench:trace-tasks -- .tmp/lh/carrier-orders-<time>.trace.json
//
// Lighthouse's mobile preset measures TBT by simulation: it loads the page at the host's full speed
// and counts each main-thread task four times as long (a mid-range phone). A task that blocks on
// the phone (over 50 ms) is one of over 12.5 ms here. For each, this prints its length here and
// simulated, and the work inside it summed by kind: a script's evaluation or a function called by
// its URL, style recalculation, layout, a style sheet parsed, and so on. The tasks are listed in
// order from the first paint's navigation start. When the trace has V8's samples (a trace kept by
// LIGHTHOUSE_SAVE has), each task's line is followed by the functions it spent most time in, by
// their own (self) time, mapped through the build's source maps (WEB_DIST, or apps/web/dist).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Sample, samplesOf, SourceNames } from './trace-samples.ts';

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; stackTrace?: { url?: string }[] } };
};

/** Phone-equivalent: Lighthouse's mobile preset simulates a CPU four times slower. */
const SLOWDOWN = 4;
const BLOCKING_MS = 50;

/** The renderer main thread of the page: the CrRendererMain with the most work. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const work = (t: TraceEvent) =>
    events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask').reduce((a, e) => a + (e.dur ?? 0), 0);
  const best = mains.map((t) => ({ t, w: work(t) })).sort((a, b) => b.w - a.w)[0];
  if (!best) {
    throw new Error('no renderer main thread in this trace');
  }
  return { pid: best.t.pid, tid: best.t.tid };
}

/** What a piece of work is called in the summary: its kind, and the script it belongs to. */
function kindOf(e: TraceEvent): string | null {
  const url = e.args?.data?.url || e.args?.data?.stackTrace?.[0]?.url || '';
  const file = url.split('/').pop()?.split('?')[0] ?? '';
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `evaluate ${file || '(inline)'}`;
    case 'FunctionCall':
      return `call ${e.args?.data?.functionName || '(anonymous)'} in ${file || '?'}`;
    case 'UpdateLayoutTree':
    case 'Layout':
    case 'Paint':
    case 'ParseAuthorStyleSheet':
    case 'ParseHTML':
    case 'v8.compile':
    case 'v8.compileModule':
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_SCAVENGER':
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'EventDispatch':
      return e.name;
    default:
      return null;
  }
}

/** The work inside one task, summed by kind (only the outermost event of each kind counts). */
function insideOf(task: TraceEvent, events: TraceEvent[]): [string, number][] {
  const end = task.ts + (task.dur ?? 0);
  const sums = new Map<string, number>();
  const open: { kind: string; end: number }[] = [];
  for (const e of events) {
    if (e.ts < task.ts || e.ts >= end || e === task || e.ph !== 'X') {
      continue;
    }
    const kind = kindOf(e);
    if (!kind) {
      continue;
    }
    while (open.length && (open.at(-1)?.end ?? 0) <= e.ts) {
      open.pop();
    }
    if (!open.some((o) => o.kind === kind)) {
      sums.set(kind, (sums.get(kind) ?? 0) + (e.dur ?? 0) / 1000);
    }
    open.push({ kind, end: e.ts + (e.dur ?? 0) });
  }
  return [...sums].sort((a, b) => b[1] - a[1]).slice(0, 6);
}

/** The functions a task's samples fell in most, by self time: "name (source:line) 12.3". */
function sampledIn(task: TraceEvent, samples: Sample[], names: SourceNames): string {
  const end = task.ts + (task.dur ?? 0);
  const sums = new Map<string, number>();
  for (const sample of samples) {
    if (sample.ts >= task.ts && sample.ts < end) {
      const name = names.of(sample.frame);
      sums.set(name, (sums.get(name) ?? 0) + sample.ms);
    }
  }
  return [...sums]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join('; ');
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const file = process.argv[2];
  if (!file) {
    throw new Error('usage: bench:trace-tasks -- <trace.json>');
  }
  const raw = JSON.parse(await readFile(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = (Array.isArray(raw) ? raw : (raw.traceEvents ?? [])).sort((a, b) => a.ts - b.ts);
  const { pid, tid } = mainThread(events);
  const own = events.filter((e) => e.pid === pid && e.tid === tid);
  const start = own.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser')?.ts ?? own[0]?.ts ?? 0;
  const tasks = own.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) / 1000 >= BLOCKING_MS / SLOWDOWN);
  const samples = samplesOf(events, pid);
  const names = new SourceNames(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
  let blocking = 0;
  for (const task of tasks) {
    const ms = (task.dur ?? 0) / 1000;
    blocking += Math.max(0, ms * SLOWDOWN - BLOCKING_MS);
    const inside = insideOf(task, own)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join('; ');
    console.log(
      `at ${((task.ts - start) / 1000).toFixed(0).padStart(6)} ms  ${ms.toFixed(1).padStart(6)} ms (×${SLOWDOWN} ${(ms * SLOWDOWN).toFixed(0)})  ${inside}`,
    );
    if (samples.length) {
      console.log(`        sampled: ${sampledIn(task, samples, names)}`);
    }
  }
  console.log(
    `${tasks.length} tasks over ${BLOCKING_MS / SLOWDOWN} ms; blocking at ×${SLOWDOWN}, all tasks: ${blocking.toFixed(0)} ms (TBT counts those between the first paint and interactive)`,
  );
}

await main();
