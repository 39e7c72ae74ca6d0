#!/usr/bin/env node
// The journeys' shards by time, not by count (the test command runs them side by side).
//
// Playwright's --shard cuts the spec files into runs of equal test counts, but a journey of three
// tests can take minutes and a page sweep of many tests fewer: the two shards took 23 and 31 minutes.
// Here the files stay in their order (a shard is a run of consecutive files, as with --shard, so a
// journey never meets an order it has not met before) and the cuts fall where the recorded seconds
// (e2e/spec-seconds.json) are shared evenly. A file not yet recorded counts as the recorded mean.
//
// Record again from a run's output (the list reporter's lines, with or without the test command's
// shard prefix):   node scripts/e2e-shards.mjs --record /tmp/ci-run.log
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SPECS = path.join(root, 'e2e/specs');
const SECONDS_FILE = path.join(root, 'e2e/spec-seconds.json');

/** The spec files in the order Playwright runs them (by name). */
export const specFiles = () =>
  readdirSync(SPECS)
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();

const UNIT = { ms: 0.001, s: 1, m: 60 };
/** One passed or failed test of the list reporter: its file and how long it took. */
const TEST_LINE = /specs\/([\w.-]+\.spec\.ts):\d+:\d+ .*\((\d+(?:\.\d+)?)(ms|s|m)\)\s*$/;

/** Seconds per spec file, summed over its tests, from a run's printed lines. */
export function secondsFromLog(text) {
  const seconds = {};
  for (const line of text.split('\n')) {
    const m = TEST_LINE.exec(line);
    if (m) {
      seconds[m[1]] = (seconds[m[1]] ?? 0) + Number(m[2]) * UNIT[m[3]];
    }
  }
  return Object.fromEntries(Object.entries(seconds).map(([f, s]) => [f, Math.round(s)]));
}

/**
 * The files cut into `total` runs of consecutive files, each cut where the time so far first
 * reaches its share. Every shard gets at least one file while files last.
 */
export function cutByTime(files, seconds, total) {
  const known = files.map((f) => seconds[f]).filter((s) => typeof s === 'number');
  const mean = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  const times = files.map((f) => seconds[f] ?? mean);
  const sum = times.reduce((a, b) => a + b, 0);
  const shards = Array.from({ length: total }, () => []);
  let spent = 0;
  let shard = 0;
  files.forEach((file, i) => {
    const filesLeft = files.length - i;
    const shardsLeft = total - shard - 1;
    const full = spent + times[i] / 2 > (sum * (shard + 1)) / total;
    if (shard < total - 1 && shards[shard].length > 0 && (full || filesLeft <= shardsLeft)) {
      shard++;
    }
    shards[shard].push(file);
    spent += times[i];
  });
  return shards;
}

/**
 * The spec files of shard `current` (1-based) of `total`, as arguments for `playwright test`: each
 * a pattern of exactly that file (Playwright reads an argument as a regular expression over the
 * path, so `15-gate.spec.ts` alone would also match a `115-gate.spec.ts`).
 */
export function shardArgs(current, total) {
  const seconds = JSON.parse(readFileSync(SECONDS_FILE, 'utf8'));
  const exactly = (f) => `/\\/specs\\/${f.replaceAll('.', '\\.')}$/`;
  return cutByTime(specFiles(), seconds, total)[current - 1].map(exactly);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--record') {
  const seconds = secondsFromLog(readFileSync(process.argv[3], 'utf8'));
  const missing = specFiles().filter((f) => !(f in seconds));
  if (missing.length) {
    console.error(`No time for ${missing.join(', ')} in that output: record from a run of every journey.`);
    process.exit(1);
  }
  writeFileSync(SECONDS_FILE, `${JSON.stringify(seconds, null, 2)}\n`);
  const shards = cutByTime(specFiles(), seconds, 2);
  for (const [i, files] of shards.entries()) {
    console.log(`shard ${i + 1}: ${files.length} files, ${files.reduce((a, f) => a + seconds[f], 0)} s`);
  }
}
