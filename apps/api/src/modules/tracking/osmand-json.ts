import {
  attributeKey,
  bad,
  checkIdentifier,
  checkTime,
  coordinates,
  type DecodedPosition,
  emptyPosition,
  MAX_ATTRIBUTES,
  MAX_VALUE_CHARS,
  measure,
  MPS_TO_KMH,
  parseIso,
} from './osmand-fields.ts';

/** The JSON form of background-geolocation apps (see osmand-decode.ts for the protocol). */
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
