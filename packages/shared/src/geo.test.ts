import { describe, expect, it } from 'vitest';
import { greatCircleKm, roadKmAlong } from './geo.ts';

const pune = { latitude: 18.5204, longitude: 73.8567 };
const mumbai = { latitude: 19.076, longitude: 72.8777 };
const surat = { latitude: 21.1702, longitude: 72.8311 };

describe('distances', () => {
  it('measures the straight line (Pune–Mumbai about 120 km) and estimates the road along stops', () => {
    expect(greatCircleKm(pune, mumbai)).toBeGreaterThan(115);
    expect(greatCircleKm(pune, mumbai)).toBeLessThan(125);
    expect(greatCircleKm(pune, pune)).toBe(0);
    const road = roadKmAlong([pune, mumbai, surat]);
    expect(road).toBeCloseTo((greatCircleKm(pune, mumbai) + greatCircleKm(mumbai, surat)) * 1.3, 6);
    expect(roadKmAlong([pune])).toBe(0);
  });
});
