import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Trip } from '../../repositories/tracking-trips.repository.ts';
import { geofencesChange, openStays, stopsAround } from './trip-events.ts';

// The in-memory check the geofence watch makes for every order of every batch must say "changes"
// exactly when the stops around the point differ from the stays open (the rule applyGeofences uses).
const stop = (id: number, latitude: number | null, longitude: number | null, radius: number | null) => ({
  id,
  seq: id,
  kind: 'drop' as const,
  plantId: null,
  label: `S${id}`,
  city: null,
  latitude,
  longitude,
  geofenceRadius: radius,
});

describe('geofencesChange', () => {
  it('agrees with the sets of stops around and stays open, for any stops, stays and point', () => {
    const coordinate = fc.integer({ min: -20, max: 20 }).map((n) => 19 + n * 0.001);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.option(coordinate, { nil: null }), coordinate, fc.option(fc.integer({ min: 50, max: 3000 }), { nil: null })), {
          maxLength: 5,
        }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.constantFrom('geofence', 'halt')), { maxLength: 6 }),
        coordinate,
        coordinate,
        (stops, stays, latitude, longitude) => {
          const trip = {
            stops: stops.map(([lat, lng, radius], i) => stop(i, lat, lat === null ? null : lng, radius)),
            // One open stay per stop at most, as the database keeps them.
            open: [...new Map(stays.map(([refId, kind]) => [`${kind}:${refId}`, { kind, refId }])).values()],
          } as unknown as Trip;
          const point = { latitude, longitude };
          const inside = stopsAround(trip, point);
          const open = openStays(trip);
          const differ = inside.size !== open.size || [...inside].some((id) => !open.has(id));
          expect(geofencesChange(trip, point)).toBe(differ);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
