import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
// npm's own range maths (a dependency of the toolchain); its types are not installed.
const semver = createRequire(import.meta.url)('semver') as {
  subset: (sub: string, sup: string) => boolean;
  minVersion: (r: string) => { version: string };
};

type Lock = { packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } }> };

describe('the Node.js versions the project claims', () => {
  const claimed = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;

  it('are versions every installed dependency supports', () => {
    const lock = JSON.parse(read('package-lock.json')) as Lock;
    const refusing = Object.entries(lock.packages)
      .filter(([name, p]) => name && !p.optional && p.engines?.node && !semver.subset(claimed, p.engines.node))
      .map(([name, p]) => `${name}@${p.version} wants ${p.engines?.node}`);
    expect(refusing).toEqual([]);
  });

  it('include the Node.js 20 the machine and CI run, and the README says the same', () => {
    expect(semver.subset('20.19.0 - 20.99.0', claimed)).toBe(true);
    const least = semver.minVersion(claimed).version.replace(/\.0$/, '');
    expect(read('README.md')).toContain(`Node.js ${least}`);
  });
});
