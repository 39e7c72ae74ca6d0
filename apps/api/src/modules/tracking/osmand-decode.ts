import {
  attributeKey,
  bad,
  checkIdentifier,
  checkTime,
  coordinates,
  type DecodedPosition,
  emptyPosition,
  KNOTS_TO_KMH,
  MAX_ATTRIBUTES,
  MAX_NETWORK_ENTRIES,
  MAX_VALUE_CHARS,
  measure,
  number,
  parseTimestamp,
} from './osmand-fields.ts';
export { checkTime, DecodeError, type DecodedPosition, KNOTS_TO_KMH, parseIso, parseTimestamp } from './osmand-fields.ts';
export { decodeJson, jsonIdentifier } from './osmand-json.ts';

/**
 * The OsmAnd protocol as Traccar's `osmand` port decodes it (OsmAndProtocolDecoder), with stricter
 * limits: Traccar Client, OsmAnd and background-geolocation apps post here unchanged.
 *
 * Query form (GET, or a form POST when the address has no query): `id`/`deviceid`, `lat`+`lon` or
 * `location=lat,lon`, `timestamp` (whole seconds below 2147483647, else milliseconds; ISO 8601
 * with its offset; `yyyy-MM-dd HH:mm:ss` as UTC), `speed` in knots, `bearing`/`heading`,
 * `altitude`, `accuracy`, `hdop`, `batt`, `valid`, `cell`/`wifi`, every other key an attribute.
 * JSON form (`Content-Type: application/json`): `{ location: { timestamp, coords: { latitude,
 * longitude, speed (m/s), heading, accuracy, altitude }, battery: { level 0–1, is_charging }, … },
 * device_id }`, -1 meaning unknown.
 */

function cellTower(raw: string): Record<string, number> {
  const parts = raw.split(',');
  if (parts.length < 4 || parts.length > 5 || parts.some((p) => !/^-?\d{1,10}$/.test(p.trim()))) {
    throw bad('cell', 'must be mcc,mnc,lac,cid[,signal] as whole numbers');
  }
  const [mcc, mnc, lac, cid, signal] = parts.map(Number);
  return { mcc: mcc ?? 0, mnc: mnc ?? 0, lac: lac ?? 0, cid: cid ?? 0, ...(signal === undefined ? {} : { signal }) };
}

function wifiPoint(raw: string): { mac: string; signal: number } {
  const [mac = '', signal = ''] = raw.split(',');
  const address = mac.replace(/-/g, ':');
  if (!/^([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$/.test(address) || !/^-?\d{1,4}$/.test(signal.trim())) {
    throw bad('wifi', 'must be mac,signal (00-14-22-01-23-45,-80)');
  }
  // As sent (Traccar keeps the case too): a geolocation service may look it up as given.
  return { mac: address, signal: Number(signal) };
}

/** Any other key, kept as Traccar keeps it: a number, true/false, or text. */
function attributeValue(raw: string): unknown {
  const n = raw.trim() === '' ? Number.NaN : Number(raw);
  if (Number.isFinite(n)) {
    return n;
  }
  if (raw === 'true' || raw === 'false') {
    return raw === 'true';
  }
  return raw.slice(0, MAX_VALUE_CHARS);
}

type Fields = { lat?: number; lon?: number; position: DecodedPosition; cells: unknown[]; wifi: unknown[] };

function applyQueryField(f: Fields, key: string, value: string): void {
  const p = f.position;
  switch (key) {
    case 'id':
    case 'deviceid':
      p.identifier = checkIdentifier(key, value);
      return;
    case 'valid':
      p.valid = value === 'true' || value === '1';
      return;
    case 'timestamp':
      p.fixTime = parseTimestamp(value);
      return;
    case 'lat':
      f.lat = number('lat', value);
      return;
    case 'lon':
      f.lon = number('lon', value);
      return;
    case 'location': {
      const [lat = '', lon = '', ...rest] = value.split(',');
      if (rest.length) {
        throw bad('location', 'must be lat,lon');
      }
      f.lat = number('location', lat);
      f.lon = number('location', lon);
      return;
    }
    case 'cell':
      f.cells.push(cellTower(value));
      return;
    case 'wifi':
      f.wifi.push(wifiPoint(value));
      return;
    default:
      applyMeasureField(p, key, value);
  }
}

/** The position's measures (speed, bearing, altitude, accuracy, battery) and its other attributes. */
function applyMeasureField(p: Fields['position'], key: string, value: string): void {
  switch (key) {
    case 'speed': {
      const knots = measure(number('speed', value), 0, 1000);
      p.speedKmh = knots === null ? null : knots * KNOTS_TO_KMH;
      return;
    }
    case 'bearing':
    case 'heading':
      p.bearing = measure(number(key, value), -360, 360);
      return;
    case 'altitude':
      p.altitude = measure(number('altitude', value), -1000, 20_000);
      return;
    case 'accuracy':
      p.accuracy = measure(number('accuracy', value), 0, 1_000_000);
      return;
    case 'batt':
      // Apps send -1 for "unknown" (as they do for speed): the position is kept, the level is not.
      p.battery = measure(number('batt', value), 0, 100);
      return;
    case 'hdop': {
      const hdop = measure(number('hdop', value), 0, 1000);
      if (hdop !== null) {
        p.attributes.hdop = hdop;
      }
      return;
    }
    case 'charge':
      p.attributes.charge = value === 'true' || value === '1';
      return;
    default:
      if (attributeKey(key) && Object.keys(p.attributes).length < MAX_ATTRIBUTES) {
        p.attributes[key] = attributeValue(value);
      }
  }
}

/**
 * The name-value pairs of a query or form body, exactly as URLSearchParams reads them. Without a
 * `%` or `+` to decode (Traccar Client's positions) they are split here, which costs a fraction of
 * building a URLSearchParams for each position; anything else goes through URLSearchParams.
 */
export function formPairs(text: string): Iterable<[string, string]> {
  if (text.includes('%') || text.includes('+') || text.startsWith('?')) {
    return new URLSearchParams(text);
  }
  const pairs: [string, string][] = [];
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('&', start);
    if (end < 0) {
      end = text.length;
    }
    if (end > start) {
      const eq = text.indexOf('=', start);
      pairs.push(eq >= 0 && eq < end ? [text.slice(start, eq), text.slice(eq + 1, end)] : [text.slice(start, end), '']);
    }
    start = end + 1;
  }
  return pairs;
}

/**
 * Decodes the query form (the address's query, or a form body when the address has none). `now`
 * is the fix time of a position without `timestamp` (Traccar's rule).
 */
export function decodeQuery(params: Iterable<[string, string]>, now: Date): DecodedPosition {
  const f: Fields = { position: emptyPosition(now), cells: [], wifi: [] };
  for (const [key, value] of params) {
    applyQueryField(f, key, value);
  }
  const p = f.position;
  if (!p.identifier) {
    throw bad('id', 'missing');
  }
  if (f.cells.length > MAX_NETWORK_ENTRIES || f.wifi.length > MAX_NETWORK_ENTRIES) {
    throw bad(f.cells.length > MAX_NETWORK_ENTRIES ? 'cell' : 'wifi', `at most ${MAX_NETWORK_ENTRIES} entries`);
  }
  if (f.cells.length || f.wifi.length) {
    p.attributes.network = { ...(f.cells.length ? { cellTowers: f.cells } : {}), ...(f.wifi.length ? { wifiAccessPoints: f.wifi } : {}) };
  }
  // lat without lon (or the reverse) is a report without a fix, as Traccar keeps it.
  if (f.lat !== undefined && f.lon !== undefined) {
    Object.assign(p, coordinates(f.lat, f.lon));
  }
  checkTime('timestamp', p.fixTime);
  return p;
}
