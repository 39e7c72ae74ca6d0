import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecodeError, decodeJson, decodeQuery, formPairs, parseTimestamp } from './osmand-decode.ts';

const now = new Date('2026-11-20T10:00:00Z');
const window = now;
const q = (s: string) => decodeQuery(new URLSearchParams(s), now);
const refused = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof DecodeError ? { status: err.status, field: err.field } : { status: 0, field: String(err) };
  }
  return { status: 200, field: '' };
};

describe('OsmAnd timestamps (Traccar rules)', () => {
  it('reads whole numbers below 2147483647 as seconds and the rest as milliseconds', () => {
    expect(parseTimestamp('1763632800').toISOString()).toBe('2025-11-20T10:00:00.000Z');
    expect(parseTimestamp('2147483646').getTime()).toBe(2147483646 * 1000);
    expect(parseTimestamp('2147483647').getTime()).toBe(2147483647);
    expect(parseTimestamp('1763632800123').toISOString()).toBe('2025-11-20T10:00:00.123Z');
  });
  it('reads ISO 8601 with its offset', () => {
    expect(parseTimestamp('2026-11-20T15:30:00+05:30').toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(parseTimestamp('2026-11-20T15:30:00+0530').toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(parseTimestamp('2026-11-20T10:00:00Z').toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(parseTimestamp('2026-11-20T10:00:00.862Z').toISOString()).toBe('2026-11-20T10:00:00.862Z');
  });
  it('reads yyyy-MM-dd HH:mm:ss as UTC', () => {
    expect(parseTimestamp('2026-11-20 10:00:00').toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(q('id=1&timestamp=2026-11-20+09%3A10%3A11&lat=19&lon=73').fixTime.toISOString()).toBe('2026-11-20T09:10:11.000Z');
  });
  it('refuses other forms and impossible dates, naming timestamp', () => {
    for (const bad of ['yesterday', '2026-02-30 10:00:00', '2026-11-20T10:00:00', '12.5', '2026-11-20 25:00:00']) {
      expect(
        refused(() => parseTimestamp(bad)),
        bad,
      ).toEqual({ status: 400, field: 'timestamp' });
    }
  });
  it('reads times ahead of the clock and decades old as they are: the filters decide, not the decoder (issue 31)', () => {
    expect(q('id=1&lat=19&lon=73&timestamp=2026-11-20T11:00:00Z').fixTime.toISOString()).toBe('2026-11-20T11:00:00.000Z');
    expect(q('id=1&lat=19&lon=73&timestamp=1000').fixTime.toISOString()).toBe('1970-01-01T00:16:40.000Z');
  });
  it('takes the server time when the device sends none', () => {
    expect(q('id=1&lat=19&lon=73').fixTime).toEqual(now);
  });
});

describe('OsmAnd query form', () => {
  it('reads id or deviceid, lat+lon or location, speed in knots, bearing or heading, altitude, accuracy, batt', () => {
    const p = q('id=353861053849681&lat=19.1&lon=72.9&timestamp=1795165200&speed=10&bearing=45&altitude=12&accuracy=5&batt=87&hdop=1.2');
    expect(p).toMatchObject({
      identifier: '353861053849681',
      latitude: 19.1,
      longitude: 72.9,
      bearing: 45,
      altitude: 12,
      accuracy: 5,
      battery: 87,
    });
    expect(p.speedKmh).toBeCloseTo(18.52, 5);
    expect(p.attributes.hdop).toBe(1.2);
    const h = q('deviceid=abc&location=19.1,72.9&heading=90');
    expect(h).toMatchObject({ identifier: 'abc', latitude: 19.1, longitude: 72.9, bearing: 90 });
  });
  it('keeps any other key as an attribute: numbers, true/false, text', () => {
    const p = q('id=1&lat=19&lon=73&ignition=true&rpm=933&fuel=24&driver=Ramesh&charge=1');
    expect(p.attributes).toMatchObject({ ignition: true, rpm: 933, fuel: 24, driver: 'Ramesh', charge: true });
  });
  it('stores a cell or wifi only position without coordinates', () => {
    const p = q('id=123456&timestamp=1795165200&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80');
    expect(p.latitude).toBeNull();
    expect(p.longitude).toBeNull();
    expect(p.attributes.network).toEqual({
      cellTowers: [
        { mcc: 257, mnc: 2, lac: 16, cid: 2224 },
        { mcc: 257, mnc: 2, lac: 16, cid: 2223, signal: -90 },
      ],
      wifiAccessPoints: [{ mac: '00:14:22:01:23:45', signal: -80 }],
    });
    // The MAC's case as the device sent it, as Traccar keeps it (issue 31).
    expect(q('id=1&wifi=00-1C-B3-09-85-15,-70').attributes.network).toEqual({
      wifiAccessPoints: [{ mac: '00:1C:B3:09:85:15', signal: -70 }],
    });
    expect(q('id=1&lat=0&lon=0').latitude).toBeNull();
  });
  it('reads valid=false and valid=1', () => {
    expect(q('id=1&lat=19&lon=73&valid=false').valid).toBe(false);
    expect(q('id=1&lat=19&lon=73&valid=1').valid).toBe(true);
  });
  it('keeps a position whose measurements are out of range without them, lat without lon without a fix, and coordinates out of range for the filters', () => {
    expect(q('id=1&lat=19&lon=73&speed=-3&batt=180&accuracy=-1&bearing=999')).toMatchObject({
      latitude: 19,
      speedKmh: null,
      battery: null,
      accuracy: null,
      bearing: null,
    });
    expect(q('id=1&lat=19')).toMatchObject({ latitude: null, longitude: null });
    expect(q('id=1&lat=95&lon=73')).toMatchObject({ latitude: 95, longitude: 73 });
  });
  it('refuses a missing id and every value that does not read, naming it (400)', () => {
    const cases: [string, string][] = [
      ['lat=19&lon=73', 'id'],
      ['id=&lat=19&lon=73', 'id'],
      ['id=a%20b&lat=19', 'id'],
      ['id=1&lat=north&lon=73', 'lat'],
      ['id=1&location=19', 'location'],
      ['id=1&lat=19&lon=73&speed=fast', 'speed'],
      ['id=1&cell=1,2', 'cell'],
      ['id=1&wifi=zz,1', 'wifi'],
      ['id=1&lat=NaN&lon=73', 'lat'],
      ['id=1&lat=1e400&lon=73', 'lat'],
    ];
    for (const [query, field] of cases) {
      expect(
        refused(() => q(query)),
        query,
      ).toEqual({ status: 400, field });
    }
  });
});

describe('OsmAnd JSON form (background-geolocation)', () => {
  const body = (location: unknown, deviceId: unknown = '48241179') => ({ location, device_id: deviceId });
  const fix = { latitude: 19.1, longitude: 72.9, accuracy: 5, speed: 10, heading: 63, altitude: 35.7 };
  it('reads the coordinates, speed in m/s, heading, accuracy, altitude, battery and the extras', () => {
    const p = decodeJson(
      body({
        timestamp: '2026-11-20T09:45:12.862Z',
        coords: fix,
        is_moving: true,
        odometer: 120,
        event: 'motionchange',
        battery: { level: 0.79, is_charging: true },
        activity: { type: 'in_vehicle' },
        extras: { trip: 'A1', seal: true },
      }),
      window,
    );
    expect(p).toMatchObject({
      identifier: '48241179',
      latitude: 19.1,
      longitude: 72.9,
      bearing: 63,
      accuracy: 5,
      altitude: 35.7,
      battery: 79,
    });
    expect(p.speedKmh).toBeCloseTo(36, 5);
    expect(p.fixTime.toISOString()).toBe('2026-11-20T09:45:12.862Z');
    expect(p.attributes).toMatchObject({
      motion: true,
      odometer: 120,
      event: 'motionchange',
      charge: true,
      activity: 'in_vehicle',
      trip: 'A1',
      seal: true,
    });
  });
  it('keeps a query-form position whose battery is -1 (unknown), without a level', () => {
    expect(q('id=1&lat=19&lon=73&batt=-1').battery).toBeNull();
  });

  it('treats -1 as unknown for speed, heading, accuracy and battery', () => {
    const p = decodeJson(
      body({
        timestamp: '2026-11-20T09:45:12Z',
        coords: { ...fix, speed: -1, heading: -1, accuracy: -1 },
        battery: { level: -1, is_charging: false },
      }),
      window,
    );
    expect(p).toMatchObject({ speedKmh: null, bearing: null, accuracy: null, battery: null });
  });
  it('stores a location without coords as a position without a fix', () => {
    const p = decodeJson(body({ timestamp: '2026-11-20T09:45:12Z' }), window);
    expect(p.latitude).toBeNull();
  });
  it('refuses bad bodies naming the field', () => {
    const cases: [unknown, string][] = [
      [[], 'body'],
      [{ location: {} }, 'device_id'],
      [body('x'), 'location'],
      [body({ coords: fix }), 'location.timestamp'],
      [body({ timestamp: 'now', coords: fix }), 'location.timestamp'],
      [body({ timestamp: '2026-11-20T09:45:12Z', coords: { ...fix, latitude: 'x' } }), 'location.coords.latitude'],
    ];
    for (const [b, field] of cases) {
      expect(
        refused(() => decodeJson(b, window)),
        JSON.stringify(b),
      ).toEqual({ status: 400, field });
    }
  });
});

describe('formPairs', () => {
  it('reads the same pairs as URLSearchParams from any query or form body', () => {
    const piece = fc.constantFrom('&', '=', '%', '%41', '%zz', '+', '?', 'id', 'lat', '19.2', 'é', 'मुं', ' ', '');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        expect([...formPairs(text)]).toEqual([...new URLSearchParams(text)]);
      }),
      { numRuns: 3000 },
    );
  });
});
