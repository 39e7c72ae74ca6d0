import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { greatCircleKm } from '@freightdesk/shared/geo';

/**
 * Offline PIN codes: the nearest of India's located PIN codes (GeoNames postal codes, shipped in
 * db/data/india-pins.json; scripts/build-india-pins.mjs builds it) to a point, with its state. An
 * e-way bill extension is suggested a PIN from it; the user confirms or corrects it.
 */
type Pin = { pin: string; state: string; latitude: number; longitude: number };
const CELL_DEGREES = 0.25;
/** Farther than this from every located PIN the point is not given one (the sea, the high Himalaya). */
const MAX_KM = 40;

let cells: Map<string, Pin[]> | undefined;
const cellKey = (row: number, col: number) => `${row}:${col}`;

function load(): Map<string, Pin[]> {
  if (cells) {
    return cells;
  }
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/data/india-pins.json');
  const rows = (JSON.parse(readFileSync(file, 'utf8')) as { pins: [string, string, number, number][] }).pins;
  cells = new Map();
  for (const [pin, state, latitude, longitude] of rows) {
    const key = cellKey(Math.floor(latitude / CELL_DEGREES), Math.floor(longitude / CELL_DEGREES));
    const list = cells.get(key) ?? [];
    list.push({ pin, state, latitude, longitude });
    cells.set(key, list);
  }
  return cells;
}

/**
 * The located PIN nearest to a point (within 40 km), with its state's code (MH, GJ …); of `state`
 * when one of its PINs is that near, since near a border the nearest post office may be across it.
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
