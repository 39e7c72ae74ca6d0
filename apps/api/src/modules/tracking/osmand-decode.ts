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

export type DecodedPosition = {
  identifier: string;
  fixTime: Date;
  /** Null without a fix (cell or wifi only). */
  latitude: number | null;
  longitude: number | null;
  speedKmh: number | null;
  bearing: number | null;
  altitude: number | null;
  accuracy: number | null;
  battery: number | null;
  valid: boolean;
  attributes: Record<string, unknown>;
};

/**
 * A refusal: 400 names the bad field. Only what cannot be read at all is refused (a value that is
 * no number or time, a missing identifier): a position that reads but is wrong (a fix years old or
 * ahead of the clock, coordinates out of range) is decoded and left to the filters, which answer
 * 200 so the phone goes on to its next position.
 */
export class DecodeError extends Error {
  constructor(
    readonly status: 400,
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

export const KNOTS_TO_KMH = 1.852;
const MPS_TO_KMH = 3.6;
/** Traccar's rule: a whole number below this is seconds, else milliseconds. */
const SECONDS_LIMIT = 2_147_483_647;
const MAX_ATTRIBUTES = 40;
const MAX_VALUE_CHARS = 200;
const MAX_IDENTIFIER_CHARS = 64;
const MAX_NETWORK_ENTRIES = 16;

const bad = (field: string, message: string) => new DecodeError(400, field, message);

function number(field: string, raw: string): number {
  const text = raw.trim();
  const n = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(n)) {
    throw bad(field, `'${raw.slice(0, 40)}' is not a number`);
  }
  return n;
}

/**
 * A measurement beside the fix (speed, bearing, accuracy …): out of its range it is unknown (null),
 * as apps send -1 for unknown. It never costs the position: Traccar keeps the position too.
 */
function measure(n: number, min: number, max: number): number | null {
  return n < min || n > max ? null : n;
}

/** The identifier a device reports with: printable, at most 64 characters. */
export function checkIdentifier(field: string, raw: unknown): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') {
    throw bad(field, 'missing');
  }
  const id = String(raw).trim();
  if (!id) {
    throw bad(field, 'missing');
  }
  if (id.length > MAX_IDENTIFIER_CHARS || !/^[\x21-\x7e]+$/.test(id)) {
    throw bad(field, `must be 1 to ${MAX_IDENTIFIER_CHARS} printable characters without spaces`);
  }
  return id;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const PLAIN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** An ISO 8601 time with its offset (`Z`, `+05:30`, `+0530`, `+05`). */
export function parseIso(field: string, raw: string): Date {
  const text = raw.trim();
  if (!ISO.test(text)) {
    throw bad(field, `'${raw.slice(0, 40)}' is not an ISO 8601 time with an offset`);
  }
  // Date.parse wants `+05:30`: normalise `+0530` and `+05`, and cut nanoseconds to milliseconds.
  const normalised = text
    .replace(/([+-]\d{2})(\d{2})$/, '$1:$2')
    .replace(/([+-]\d{2})$/, '$1:00')
    .replace(/(\.\d{3})\d+/, '$1');
  const ms = Date.parse(normalised);
  if (!Number.isFinite(ms)) {
    throw bad(field, `'${raw.slice(0, 40)}' is not a valid time`);
  }
  return new Date(ms);
}

/** The `timestamp` of the query form, by Traccar's rules. */
export function parseTimestamp(raw: string): Date {
  const text = raw.trim();
  if (/^\d{1,16}$/.test(text)) {
    const n = Number(text);
    return new Date(n < SECONDS_LIMIT ? n * 1000 : n);
  }
  if (text.includes('T')) {
    return parseIso('timestamp', text);
  }
  const m = PLAIN.exec(text);
  if (!m) {
    throw bad('timestamp', `'${raw.slice(0, 40)}' is not unix seconds, milliseconds, ISO 8601 or yyyy-MM-dd HH:mm:ss`);
  }
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const ms = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 0, h ?? 0, mi ?? 0, s ?? 0);
  const date = new Date(ms);
  if (date.getUTCMonth() !== (mo ?? 1) - 1 || date.getUTCDate() !== d || (h ?? 0) > 23 || (mi ?? 0) > 59 || (s ?? 0) > 59) {
    throw bad('timestamp', `'${raw}' is not a valid date and time`);
  }
  return date;
}

/** A time that reads as a date at all (its place in time is the filters' question). */
export function checkTime(field: string, at: Date): Date {
  if (Number.isNaN(at.getTime())) {
    throw bad(field, 'is not a valid time');
  }
  return at;
}

/**
 * The fix's coordinates as sent (out of range too: the filters drop those, counted). 0,0 is what
 * a receiver without a fix reports: no position, not the Gulf of Guinea.
 */
function coordinates(lat: number, lon: number): { latitude: number | null; longitude: number | null } {
  return lat === 0 && lon === 0 ? { latitude: null, longitude: null } : { latitude: lat, longitude: lon };
}

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

function attributeKey(key: string): boolean {
  return /^[A-Za-z0-9_.-]{1,40}$/.test(key);
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

function emptyPosition(now: Date): DecodedPosition {
  return {
    identifier: '',
    fixTime: now,
    latitude: null,
    longitude: null,
    speedKmh: null,
    bearing: null,
    altitude: null,
    accuracy: null,
    battery: null,
    valid: true,
    attributes: {},
  };
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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function jsonNumber(field: string, v: unknown): number | undefined {
  if (v === undefined || v === null) {
    return undefined;
  }
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    throw bad(field, 'must be a number');
  }
  return v;
}

/** -1 (or any negative) means unknown in background-geolocation's coordinates. */
const known = (v: number | undefined) => (v === undefined || v < 0 ? null : v);

/** The identifier of a JSON body (`device_id`), checked before the device is looked up. */
export function jsonIdentifier(body: unknown): string {
  if (!isObject(body)) {
    throw bad('body', 'must be a JSON object');
  }
  return checkIdentifier('device_id', body.device_id);
}

/** Decodes the JSON form of background-geolocation apps. */
export function decodeJson(body: unknown, now: Date): DecodedPosition {
  const p = emptyPosition(now);
  p.identifier = jsonIdentifier(body);
  const location = isObject(body) ? body.location : undefined;
  if (!isObject(location)) {
    throw bad('location', 'must be an object');
  }
  if (typeof location.timestamp !== 'string') {
    throw bad('location.timestamp', 'missing');
  }
  p.fixTime = checkTime('location.timestamp', parseIso('location.timestamp', location.timestamp));
  if (location.coords !== undefined) {
    if (!isObject(location.coords)) {
      throw bad('location.coords', 'must be an object');
    }
    const c = location.coords;
    const lat = jsonNumber('location.coords.latitude', c.latitude);
    const lon = jsonNumber('location.coords.longitude', c.longitude);
    if (lat === undefined || lon === undefined) {
      throw bad(lat === undefined ? 'location.coords.latitude' : 'location.coords.longitude', 'missing');
    }
    Object.assign(p, coordinates(lat, lon));
    const speed = known(jsonNumber('location.coords.speed', c.speed));
    const mps = speed === null ? null : measure(speed, 0, 300);
    p.speedKmh = mps === null ? null : mps * MPS_TO_KMH;
    p.bearing = known(jsonNumber('location.coords.heading', c.heading));
    p.accuracy = known(jsonNumber('location.coords.accuracy', c.accuracy));
    p.altitude = jsonNumber('location.coords.altitude', c.altitude) ?? null;
  }
  if (isObject(location.battery)) {
    const level = known(jsonNumber('location.battery.level', location.battery.level));
    const fraction = level === null ? null : measure(level, 0, 1);
    p.battery = fraction === null ? null : Math.round(fraction * 100);
    if (location.battery.is_charging === true) {
      p.attributes.charge = true;
    }
  }
  jsonAttributes(location, p.attributes);
  return p;
}

function jsonAttributes(location: Record<string, unknown>, attributes: Record<string, unknown>): void {
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, MAX_VALUE_CHARS) : undefined);
  const plain: [string, unknown][] = [
    ['event', text(location.event)],
    ['motion', typeof location.is_moving === 'boolean' ? location.is_moving : undefined],
    ['odometer', typeof location.odometer === 'number' && Number.isFinite(location.odometer) ? location.odometer : undefined],
    ['mock', typeof location.mock === 'boolean' ? location.mock : undefined],
    ['activity', isObject(location.activity) ? text(location.activity.type) : undefined],
    ['alarm', text(location.alarm)],
  ];
  for (const [key, value] of plain) {
    if (value !== undefined) {
      attributes[key] = value;
    }
  }
  if (isObject(location.extras)) {
    for (const [key, value] of Object.entries(location.extras)) {
      const scalar = typeof value === 'number' ? Number.isFinite(value) : typeof value === 'boolean' || typeof value === 'string';
      if (scalar && attributeKey(key) && !(key in attributes) && Object.keys(attributes).length < MAX_ATTRIBUTES) {
        attributes[key] = typeof value === 'string' ? value.slice(0, MAX_VALUE_CHARS) : value;
      }
    }
  }
}
