/**
 * The OsmAnd decoder's values (osmand-decode.ts for the query form, osmand-json.ts for the JSON
 * form): the decoded position, the 400 a bad field gets, the limits, identifiers, times,
 * coordinates and measures both forms check the same way.
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
export const MPS_TO_KMH = 3.6;
/** Traccar's rule: a whole number below this is seconds, else milliseconds. */
export const SECONDS_LIMIT = 2_147_483_647;
export const MAX_ATTRIBUTES = 40;
export const MAX_VALUE_CHARS = 200;
export const MAX_IDENTIFIER_CHARS = 64;
export const MAX_NETWORK_ENTRIES = 16;

export const bad = (field: string, message: string) => new DecodeError(400, field, message);

export function number(field: string, raw: string): number {
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
export function measure(n: number, min: number, max: number): number | null {
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

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
export const PLAIN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

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
export function coordinates(lat: number, lon: number): { latitude: number | null; longitude: number | null } {
  return lat === 0 && lon === 0 ? { latitude: null, longitude: null } : { latitude: lat, longitude: lon };
}

export function attributeKey(key: string): boolean {
  return /^[A-Za-z0-9_.-]{1,40}$/.test(key);
}

export function emptyPosition(now: Date): DecodedPosition {
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
