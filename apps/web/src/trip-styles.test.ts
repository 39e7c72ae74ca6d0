import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));
const MANTINE_STYLES = path.resolve(SRC, '../../../node_modules/@mantine/core/styles');
const MANTINE_COMPONENTS = path.resolve(SRC, '../../../node_modules/@mantine/core/esm/components');

/** The app's own modules the trip entry imports, statically and transitively (relative imports only). */
function tripModules(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) {
      return;
    }
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(/^import\s[^'"]*?from\s+'(\.{1,2}\/[^']+\.tsx?)'/gms)) {
      visit(path.resolve(path.dirname(file), spec as string));
    }
  };
  visit(path.join(SRC, 'trip.tsx'));
  return [...seen];
}

/** The Mantine components those modules draw, as they name them in `import { … } from '@mantine/core'`. */
function mantineComponents(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const name of (list as string).split(',').map((n) => n.trim())) {
        if (/^[A-Z]\w*$/.test(name)) {
          names.add(name);
        }
      }
    }
  }
  return names;
}

/**
 * The components drawn inside each one, as Mantine's own modules import them (a `Button` draws an
 * `UnstyledButton` and a `Loader`), followed to the end: their styles are needed too.
 */
function withInnerParts(names: Set<string>): Set<string> {
  const all = new Set<string>();
  const visit = (name: string) => {
    const file = path.join(MANTINE_COMPONENTS, name, `${name}.mjs`);
    if (all.has(name) || !existsSync(file)) {
      return;
    }
    all.add(name);
    for (const [, inner] of readFileSync(file, 'utf8').matchAll(/from "\.\.\/(\w+)\/\1\.mjs"/g)) {
      visit(inner as string);
    }
  };
  names.forEach(visit);
  return all;
}

describe("the driver's trip link's styles (trip.css, record 0319)", () => {
  it('hold the styles of every Mantine component the trip page draws', () => {
    const css = readFileSync(path.join(SRC, 'trip.css'), 'utf8');
    const drawn = mantineComponents(tripModules());
    // The page draws buttons, texts and alerts at least: an empty walk would prove nothing.
    expect([...drawn]).toEqual(expect.arrayContaining(['Button', 'Text', 'Alert', 'SegmentedControl']));
    const parts = withInnerParts(drawn);
    // Followed into Mantine: a Button's UnstyledButton is found without being imported by the app.
    expect([...parts]).toEqual(expect.arrayContaining(['UnstyledButton', 'Loader']));
    const styled = [...parts].filter((name) => existsSync(path.join(MANTINE_STYLES, `${name}.css`)));
    const missing = styled.filter((name) => !css.includes(`@mantine/core/styles/${name}.css`));
    expect(missing).toEqual([]);
  });
});
