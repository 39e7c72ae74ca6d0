import { describe, expect, it } from 'vitest';
import { DEFAULT_FACTOR_VERSION } from '@freightdesk/shared/emission-defaults';
import { railEmissions, roadEmissions } from '@freightdesk/shared/emissions';
import { figureBasis } from './emissions-card.tsx';

const set = { id: 1, ...DEFAULT_FACTOR_VERSION };

describe('figureBasis', () => {
  it('names what a road figure was computed from', () => {
    const f = roadEmissions({ distanceKm: 540, distanceBasis: 'tracked', payloadTonnes: 10.5, capacityTonnes: 21, fuel: 'diesel' }, set);
    expect(figureBasis(f)).toBe('540 km tracked · 10.5 t · heavy truck, diesel · load factor 50% · empty running 30%');
  });

  it('names a rail figure by its mode only', () => {
    const f = railEmissions({ distanceKm: 1400, distanceBasis: 'planned', payloadTonnes: 30 }, set);
    expect(figureBasis(f)).toBe('1,400 km planned · 30 t · rail');
  });
});
