// V8's samples in a Chromium trace (the `disabled-by-default-v8.cpu_profiler` category), and the
// names of their functions through the build's source maps: for bench/trace-tasks.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type ProfileEvent = {
  name: string;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } };
};

/** One sample: when (trace µs), the function it was in (its own frame, not its callers) and its share of time in ms. */
export type Sample = { ts: number; frame: CallFrame; ms: number };

/** The samples of the renderer process `pid`'s main-thread profile, each with the time until the next. */
export function samplesOf(traceEvents: readonly object[], pid: number): Sample[] {
  const events = traceEvents as ProfileEvent[];
  const starts = events.filter((e) => e.name === 'Profile' && e.pid === pid);
  const samples: Sample[] = [];
  for (const start of starts) {
    const nodes = new Map<number, CallFrame>();
    let ts = start.args?.data?.startTime ?? 0;
    for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === start.id)) {
      const data = chunk.args?.data;
      for (const node of data?.cpuProfile?.nodes ?? []) {
        nodes.set(node.id, node.callFrame);
      }
      const ids = data?.cpuProfile?.samples ?? [];
      ids.forEach((id, i) => {
        ts += data?.timeDeltas?.[i] ?? 0;
        const frame = nodes.get(id);
        if (frame) {
          samples.push({ ts, frame, ms: 0 });
        }
      });
    }
  }
  samples.sort((a, b) => a.ts - b.ts);
  samples.forEach((s, i) => {
    s.ms = ((samples[i + 1]?.ts ?? s.ts) - s.ts) / 1000;
  });
  return samples.filter((s) => !['(idle)', '(program)', '(root)'].includes(s.frame.functionName));
}

/** Names a sampled frame by the source it was built from: "commitRoot (react-dom-client.production.js:9012)". */
export class SourceNames {
  private maps = new Map<string, SourceMapConsumer | null>();

  constructor(private readonly dist: string) {}

  private mapOf(url: string): SourceMapConsumer | null {
    const file = url.split('/').pop()?.split('?')[0] ?? '';
    if (!this.maps.has(file)) {
      const mapFile = path.join(this.dist, 'assets', `${file}.map`);
      this.maps.set(file, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
    }
    return this.maps.get(file) ?? null;
  }

  of(frame: CallFrame): string {
    const url = frame.url ?? '';
    const fallback = `${frame.functionName || '(anonymous)'} (${url.split('/').pop() || url}:${frame.lineNumber + 1})`;
    const map = url ? this.mapOf(url) : null;
    if (!map) {
      return url ? fallback : frame.functionName || '(native)';
    }
    const at = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (!at.source) {
      return fallback;
    }
    const source = at.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
    return `${at.name ?? frame.functionName ?? '(anonymous)'} (${source}:${at.line})`;
  }
}
