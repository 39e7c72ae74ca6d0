import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cutByTime, secondsFromLog, specFiles } from './e2e-shards.mjs';

test('cuts where the recorded seconds are shared evenly, keeping the files in order', () => {
  const files = ['a', 'b', 'c', 'd', 'e', 'f'];
  // By count the cut would fall after c (30 s against 300 s); by time after d (130 s against 200 s).
  const seconds = { a: 10, b: 10, c: 10, d: 100, e: 100, f: 100 };
  assert.deepEqual(cutByTime(files, seconds, 2), [
    ['a', 'b', 'c', 'd'],
    ['e', 'f'],
  ]);
  assert.deepEqual(cutByTime(files, seconds, 3), [['a', 'b', 'c', 'd'], ['e'], ['f']]);
});

test('counts a file not recorded as the mean, and leaves no shard empty while files last', () => {
  assert.deepEqual(cutByTime(['a', 'b', 'c', 'd'], { a: 10, b: 10 }, 2), [
    ['a', 'b'],
    ['c', 'd'],
  ]);
  assert.deepEqual(cutByTime(['a', 'b'], { a: 1000, b: 1 }, 2), [['a'], ['b']]);
  assert.deepEqual(
    cutByTime(['a', 'b', 'c'], { a: 1, b: 1, c: 1000 }, 3).map((s) => s.length),
    [1, 1, 1],
  );
});

test("sums each file's tests from the list reporter's lines, with or without a shard's prefix", () => {
  const log = [
    '[end-to-end (Chromium) 1/2]   ✓   1 specs/01-shell.spec.ts:5:1 › the shell loads (3.5s)',
    '[end-to-end (Chromium) 1/2]   ✓   2 specs/01-shell.spec.ts:20:1 › the menu folds (500ms)',
    '  ✘  3 specs/08-auction-journey.spec.ts:9:1 › a bid wins (1.5m)',
    '  ✓  4 specs/01-shell.spec.ts:40:1 › a title (with brackets) (2.0s)',
    'Running 3 tests using 1 worker',
  ].join('\n');
  assert.deepEqual(secondsFromLog(log), { '01-shell.spec.ts': 6, '08-auction-journey.spec.ts': 90 });
});

test('every journey of e2e/specs has a recorded time (record again after adding one)', async () => {
  const { readFileSync } = await import('node:fs');
  const seconds = JSON.parse(readFileSync(new URL('../e2e/spec-seconds.json', import.meta.url), 'utf8'));
  const files = specFiles();
  assert.ok(files.length > 40);
  assert.deepEqual(
    files.filter((f) => typeof seconds[f] !== 'number'),
    [],
  );
});
