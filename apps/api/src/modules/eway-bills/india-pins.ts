import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { greatCircleKm } from '@freightdesk/shared/geo';

/**
 * Offline PIN codes: the PIN of the post office nearest to a point (GeoNames postal codes: the
 * offices it located, about a kilometre apart at most, shipped in db/data/india-pins.json;
 * scripts/build-india-pins.mjs builds it), with its state. An e-way bill extension is suggested a
 * PIN from it; the user confirms or corrects it.
 */
type Pin = { pin: string; state: string; latitude: number; longitude: number };
const CELL_DEGREES = 0.25;
/** Farther than this from every located post office the point is not given a PIN (the sea, the high Himalaya). */
const MAX_KM = 40;

let cells: Map<string, Pin[]> | undefined;
const cellKey = (row: number, col: number) => `${row}:${col}`;

function load(): Map<string, Pin[]> {
  if (cells) {
    return cells;
  }
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/data/india-pins.json');
  // [PIN, state, lat, lng, lat, lng …], the coordinates in hundredths of a degree.
  const rows = (JSON.parse(readFileSync(file, 'utf8')) as { pins: [string, string, ...number[]][] }).pins;
  const index = new Map<string, Pin[]>();
  for (const [pin, state, ...coordinates] of rows) {
    for (let i = 0; i + 1 < coordinates.length; i += 2) {
      const latitude = (coordinates[i] ?? 0) / 100;
      const longitude = (coordinates[i + 1] ?? 0) / 100;
      const key = cellKey(Math.floor(latitude / CELL_DEGREES), Math.floor(longitude / CELL_DEGREES));
      const list = index.get(key) ?? [];
      list.push({ pin, state, latitude, longitude });
      index.set(key, list);
    }
  }
  cells = index;
  return index;
}

/**
 * The PIN of the located post office nearest to a point (within 40 km), with its state's code (MH,
 * GJ …); of `state` when one of its offices is that near, since near a border the nearest office
 * may be across it.
 */
export function nearestPin(latitude: number, longitude: number, state?: string): (Pin & { km: number }) | null {
  const index = load();
  const row = Math.floor(latitude / CELL_DEGREES);
  const col = Math.floor(longitude / CELL_DEGREES);
  let best: (Pin & { km: number }) | null = null;
  let inState: (Pin & { km: number }) | null = null;
  for (let r = row - 2; r <= row + 2; r++) {
    for (let c = col - 2; c <= col + 2; c++) {
      for (const p of index.get(cellKey(r, c)) ?? []) {
        const km = greatCircleKm({ latitude, longitude }, p);
        if (!best || km < best.km) {
          best = { ...p, km };
        }
        if (p.state === state && (!inState || km < inState.km)) {
          inState = { ...p, km };
        }
      }
    }
  }
  const chosen = inState && inState.km <= MAX_KM ? inState : best;
  return chosen && chosen.km <= MAX_KM ? chosen : null;
}
