/**
 * ULIP's answers in our terms. ULIP (the Unified Logistics Interface Platform of the Ministry of
 * Commerce) wraps every provider in one envelope, `{ response: [{ response: … }], error, code,
 * message }`; FASTAG/01 answers NETC's toll reads of a vehicle, FOIS/01 Indian Railways' last
 * report of a rake by its FNR. Both the real client and the simulator go through these parsers, so
 * the simulator's answers are read exactly as the real ones are.
 */
import { UlipError, unwrapUlip } from '../../../lib/ulip-session.ts';

/** One toll-plaza read of a vehicle's FASTag. Coordinates are null when ULIP gives none usable. */
export type TollRead = {
  seqNo: string;
  readAt: Date;
  plaza: string;
  latitude: number | null;
  longitude: number | null;
  direction: string | null;
  vehicleType: string | null;
  vehicleNumber: string | null;
};

export type RailStation = { name: string; code: string | null };

/** A rake's last report (FOIS/01). */
export type RailReport = {
  fnr: string;
  /** `lastRepStts`: AR arrived, DP departed, PL placed, RL released … */
  status: string;
  statusText: string | null;
  station: RailStation | null;
  latitude: number | null;
  longitude: number | null;
  /** The time in `currentStatus` ("… ON HH:mm dd-MM-yyyy"), if it carries one. */
  reportedAt: Date | null;
  eta: Date | null;
  from: RailStation | null;
  to: RailStation | null;
  commodity: string | null;
};

export { UlipError };

/** NHAI leaves some plazas without a geocode and ULIP answers this placeholder for them. */
export const PLACEHOLDER_GEOCODE = '11.0001,11.0001';
/** FASTag: "no transaction found for the vehicle" (a vehicle without a tag, or no reads in the window). */
export const FASTAG_NO_READS = '740';

const IST_MS = 5.5 * 3_600_000;

/** IST wall-clock parts to a Date; undefined when a part is out of range. */
function ist(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): Date | undefined {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) {
    return undefined;
  }
  const t = Date.UTC(y, mo - 1, d, h, mi, s, ms) - IST_MS;
  const back = new Date(t + IST_MS);
  return back.getUTCDate() === d ? new Date(t) : undefined;
}

/** FASTAG/01's `readerReadTime`: IST `yyyy-MM-dd HH:mm:ss` with an optional fraction (`.S`, `.SSS`). */
export function parseReaderTime(s: unknown): Date | undefined {
  const m = typeof s === 'string' ? /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/.exec(s.trim()) : null;
  if (!m) {
    return undefined;
  }
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0] = m.slice(1, 7).map(Number);
  return ist(y, mo, d, h, mi, sec, Math.round(Number(`0.${m[7] ?? '0'}`) * 1000));
}

/** FOIS's `HH:mm dd-MM-yyyy` in IST (the time first). */
export function parseFoisTime(s: unknown): Date | undefined {
  const m = typeof s === 'string' ? /(\d{2}):(\d{2}) (\d{2})-(\d{2})-(\d{4})/.exec(s) : null;
  if (!m) {
    return undefined;
  }
  const [h = 0, mi = 0, d = 0, mo = 0, y = 0] = m.slice(1, 6).map(Number);
  return ist(y, mo, d, h, mi, 0, 0);
}

/** "lat,lng" as a located point in India's box, or null (the placeholder, garbage, zeros). */
export function parseGeocode(s: unknown): { latitude: number; longitude: number } | null {
  if (typeof s !== 'string' || s.replace(/\s/g, '') === PLACEHOLDER_GEOCODE) {
    return null;
  }
  const [lat, lng] = s.split(',').map((x) => Number(x.trim()));
  return inIndia(lat, lng) ? { latitude: lat as number, longitude: lng as number } : null;
}

function inIndia(lat: number | undefined, lng: number | undefined): boolean {
  return lat !== undefined && lng !== undefined && lat >= 6 && lat <= 37.5 && lng >= 68 && lng <= 98;
}

/** "NAME (CODE)" or "NAME(CODE)" as name and code; a bare name has no code. */
export function parseStation(s: unknown): RailStation | null {
  if (typeof s !== 'string' || !s.trim()) {
    return null;
  }
  const m = /^(.*?)\s*\(([A-Z0-9]{1,6})\)\s*$/.exec(s.trim());
  return m ? { name: (m[1] ?? '').replace(/\s+/g, ' ').replace(/,$/, '').trim(), code: m[2] ?? null } : { name: s.trim(), code: null };
}

/** The provider's own answer inside ULIP's envelope. */
export const unwrap = unwrapUlip;

type FastagAnswer = {
  result?: string;
  respCode?: string;
  vehicle?: { errCode?: string; vehltxnList?: { txn?: unknown } };
};

/**
 * FASTAG/01: the vehicle's reads. A read without a sequence number or a readable time is skipped
 * (counted in `skipped`); a vehicle with no reads (errCode 740) is an empty list, not an error.
 */
export function parseFastag(json: unknown): { reads: TollRead[]; skipped: number } {
  const a = unwrap(json) as FastagAnswer | undefined;
  if (!a || typeof a !== 'object') {
    throw new UlipError('FASTAG/01 answered without a result.', true);
  }
  if (a.result !== 'SUCCESS') {
    if (a.vehicle?.errCode === FASTAG_NO_READS || a.respCode === FASTAG_NO_READS) {
      return { reads: [], skipped: 0 };
    }
    throw new UlipError(`FASTAG/01 failed (${a.vehicle?.errCode ?? a.respCode ?? 'no code'}).`, false);
  }
  const txn = a.vehicle?.vehltxnList?.txn;
  const list = Array.isArray(txn) ? txn : txn && typeof txn === 'object' ? [txn] : [];
  const reads: TollRead[] = [];
  let skipped = 0;
  for (const raw of list as Record<string, unknown>[]) {
    const readAt = parseReaderTime(raw?.readerReadTime);
    const seqNo = typeof raw?.seqNo === 'string' || typeof raw?.seqNo === 'number' ? String(raw.seqNo).trim() : '';
    if (!readAt || !seqNo) {
      skipped++;
      continue;
    }
    const at = parseGeocode(raw.tollPlazaGeocode);
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    reads.push({
      seqNo,
      readAt,
      plaza: text(raw.tollPlazaName) ?? 'Toll plaza',
      latitude: at?.latitude ?? null,
      longitude: at?.longitude ?? null,
      direction: text(raw.laneDirection),
      vehicleType: text(raw.vehicleType),
      vehicleNumber: text(raw.vehicleRegNo),
    });
  }
  return { reads, skipped };
}

/** FOIS/01: the rake's last report; null when FOIS does not know the FNR. */
export function parseFois(json: unknown, fnr: string): RailReport | null {
  const inner = unwrap(json);
  const r = (Array.isArray(inner) ? inner[0] : inner) as Record<string, unknown> | undefined;
  if (!r || typeof r !== 'object' || (!r.lastRepLocn && !r.currentStatus && !r.fnrNo)) {
    return null;
  }
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  // Longitude comes first in FOIS (`lgtd`, then `lttd`), both as strings.
  const lng = Number(text(r.lgtd) ?? Number.NaN);
  const lat = Number(text(r.lttd) ?? Number.NaN);
  const located = inIndia(lat, lng);
  return {
    fnr: text(r.fnrNo) ?? fnr,
    status: text(r.lastRepStts) ?? '',
    statusText: text(r.currentStatus),
    station: parseStation(r.lastRepLocn),
    latitude: located ? lat : null,
    longitude: located ? lng : null,
    reportedAt: parseFoisTime(r.currentStatus) ?? null,
    eta: parseFoisTime(r.etaDstn) ?? null,
    from: parseStation(r.stationFrom),
    to: parseStation(r.stationTo),
    commodity: text(r.cmdt),
  };
}
