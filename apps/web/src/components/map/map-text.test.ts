import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every source file of the web app but the tests. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      return sources(full);
    }
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Leaflet's calls that take a string as HTML, given anything but mapText(…). */
const HTML_SINK = /\.(bindTooltip|bindPopup|setContent|setTooltipContent|setPopupContent)\(\s*(?!mapText\()/g;
/** A divIcon whose html is a string (a template or a literal) rather than a node. */
const HTML_ICON = /divIcon\(\{[^}]*\bhtml:\s*[`'"]/g;

describe('text handed to Leaflet', () => {
  it('is text, never HTML: every label of plain Leaflet goes through mapText', () => {
    const files = sources(SRC);
    expect(files.some((f) => f.endsWith('public-track-view.ts'))).toBe(true);
    const offenders = files.flatMap((file) => {
      const code = readFileSync(file, 'utf8');
      return [...code.matchAll(HTML_SINK), ...code.matchAll(HTML_ICON)].map((m) => `${path.relative(SRC, file)}: ${m[0]}`);
    });
    expect(offenders).toEqual([]);
  });
});
