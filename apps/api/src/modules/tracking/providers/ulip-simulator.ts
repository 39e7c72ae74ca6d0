import { greatCircleKm, type LatLng, ROAD_DETOUR_FACTOR } from '@freightdesk/shared/geo';
import { istParts, type Journey, projectOnto, stableHash } from './journey.ts';
import { RAIL_CORRIDORS } from './rail-corridors.ts';
import { TOLL_PLAZAS } from './toll-plazas.ts';
import { FASTAG_NO_READS, PLACEHOLDER_GEOCODE } from './ulip-answers.ts';

/**
 * The built-in ULIP: answers FASTAG/01 and FOIS/01 in ULIP's own envelope and shapes, for a vehicle
 * or rake moving along its trip's lane. A truck averages 45 km/h on the road and crosses the real
 * NH toll plazas within 30 km of its lane; a rake averages 30 km/h between real stations of the
 * corridor that joins the lane's ends, halting 45 minutes at each. Like the real feeds it answers
 * what a provider really sends: reads of the vehicle's previous trip, a plaza read twice by two
 * readers (same seqNo), the placeholder geocode for an unlocated plaza, 72 hours of history.
 */
const TRUCK_KMH = 45;
const RAKE_KMH = 30;
const DWELL_MIN = 45;
const CORRIDOR_KM = 30;
const HISTORY_HOURS = 72;
const HOUR = 3_600_000;

const envelope = (response: unknown) => ({ response: [{ response }], error: 'false', code: '200', message: 'Success' });

const readerTime = (d: Date) => {
  const p = istParts(d);
  return `${p.y}-${p.mo}-${p.d} ${p.h}:${p.mi}:${p.s}.${p.tenth}`;
};
const foisTime = (d: Date) => {
  const p = istParts(d);
  return `${p.h}:${p.mi} ${p.d}-${p.mo}-${p.y}`;
};

function direction(a: LatLng, b: LatLng): string {
  const north = b.latitude - a.latitude;
  const east = (b.longitude - a.longitude) * Math.cos((a.latitude * Math.PI) / 180);
  return Math.abs(north) >= Math.abs(east) ? (north >= 0 ? 'N' : 'S') : east >= 0 ? 'E' : 'W';
}

/** The toll plazas on the journey's corridor, in the order the vehicle passes them. */
function plazasAlong(journey: Journey) {
  return TOLL_PLAZAS.map(([name, latitude, longitude, noGeocode]) => ({
    name,
    at: { latitude, longitude },
    noGeocode: Boolean(noGeocode),
    ...projectOnto(journey.points, { latitude, longitude }),
  }))
    .filter((p) => p.offKm <= CORRIDOR_KM && p.alongKm > 0.3)
    .sort((a, b) => a.alongKm - b.alongKm);
}

/** FASTAG/01 for a vehicle on this journey, as ULIP answers it at `now`. */
export function simulateFastag(vehicleNumber: string, journey: Journey | null, now: Date): unknown {
  const miss = envelope({ result: 'FAILURE', respCode: FASTAG_NO_READS, vehicle: { errCode: FASTAG_NO_READS } });
  if (!journey || journey.points.length < 2) {
    return miss;
  }
  const first = journey.points[0] as LatLng;
  const last = journey.points.at(-1) as LatLng;
  const plazas = plazasAlong(journey);
  const seq = (plaza: string, at: Date) =>
    String(1_000_000_000 + (stableHash(`${vehicleNumber}|${plaza}|${at.toISOString().slice(0, 13)}`) % 900_000_000));
  const read = (plaza: (typeof plazas)[number], at: Date, lane: string, seqNo = seq(plaza.name, at)) => ({
    readerReadTime: readerTime(at),
    seqNo,
    laneDirection: lane,
    tollPlazaGeocode: plaza.noGeocode ? PLACEHOLDER_GEOCODE : `${plaza.at.latitude},${plaza.at.longitude}`,
    tollPlazaName: plaza.name,
    vehicleType: 'VC12',
    vehicleRegNo: vehicleNumber,
  });
  const lane = direction(first, last);
  const back = direction(last, first);
  const txn: ReturnType<typeof read>[] = [];
  const [firstPlaza] = plazas;
  if (firstPlaza) {
    // The vehicle's previous trip came the other way through the first plaza the day before.
    txn.push(read(firstPlaza, new Date(journey.startedAt.getTime() - 20 * HOUR), back));
  }
  for (const [i, plaza] of plazas.entries()) {
    const at = new Date(journey.startedAt.getTime() + ((plaza.alongKm * ROAD_DETOUR_FACTOR) / TRUCK_KMH) * HOUR);
    if (at > now) {
      break;
    }
    const r = read(plaza, at, lane);
    txn.push(r);
    if (i === 0) {
      // Two readers of the lane caught the tag: the same seqNo again, a moment later.
      txn.push({ ...r, readerReadTime: readerTime(new Date(at.getTime() + 400)) });
    }
  }
  const shown = txn.filter((t) => now.getTime() - parseIst(t.readerReadTime) <= HISTORY_HOURS * HOUR);
  if (!shown.length) {
    return miss;
  }
  const count = String(shown.length);
  return envelope({
    result: 'SUCCESS',
    respCode: '000',
    ts: readerTime(now),
    vehicle: {
      errCode: '000',
      vehltxnList: { totalTagsInMsg: count, msgNum: '1', totalTagsInresponse: count, totalMsg: '1', txn: shown },
    },
  });
}

function parseIst(s: string): number {
  return Date.parse(`${s.replace(' ', 'T')}+05:30`);
}

type Station = readonly [string, string, number, number];
const stationAt = (s: Station): LatLng => ({ latitude: s[2], longitude: s[3] });

/** The stations a rake runs through between the stations nearest the lane's ends (null: no corridor near). */
export function railRoute(journey: Journey): Station[] | null {
  const from = journey.points[0];
  const to = journey.points.at(-1);
  if (!from || !to) {
    return null;
  }
  let best: { cost: number; route: Station[] } | null = null;
  for (const corridor of RAIL_CORRIDORS) {
    const nearest = (p: LatLng) =>
      corridor.reduce(
        (b, s, i) => {
          const km = greatCircleKm(p, stationAt(s));
          return km < b.km ? { i, km } : b;
        },
        { i: 0, km: Number.POSITIVE_INFINITY },
      );
    const a = nearest(from);
    const b = nearest(to);
    const cost = a.km + b.km;
    if (a.i !== b.i && (!best || cost < best.cost)) {
      const slice = corridor.slice(Math.min(a.i, b.i), Math.max(a.i, b.i) + 1);
      best = { cost, route: a.i < b.i ? slice : slice.reverse() };
    }
  }
  return best && best.cost <= 400 ? best.route : null;
}

const label = (s: Station) => `${s[0]}(${s[1]})`;

/** FOIS/01 for a rake on this journey, as ULIP answers it at `now` (an unknown FNR: an empty record). */
export function simulateFois(fnr: string, journey: Journey | null, now: Date): unknown {
  const route = journey ? railRoute(journey) : null;
  if (!journey || !route) {
    return envelope({});
  }
  // Arrival and departure at each station.
  const times: { arrive: number; depart: number }[] = [];
  let t = journey.startedAt.getTime();
  for (const [i, s] of route.entries()) {
    if (i > 0) {
      t += (greatCircleKm(stationAt(route[i - 1] as Station), stationAt(s)) * ROAD_DETOUR_FACTOR * HOUR) / RAKE_KMH;
    }
    const arrive = t;
    if (i > 0 && i < route.length - 1) {
      t += DWELL_MIN * 60_000;
    }
    times.push({ arrive, depart: t });
  }
  const end = route.length - 1;
  const eta = new Date(times[end]?.arrive ?? t);
  let at = 0;
  while (at < end && (times[at + 1]?.arrive ?? Number.POSITIVE_INFINITY) <= now.getTime()) {
    at++;
  }
  const station = route[at] as Station;
  const time = times[at] as { arrive: number; depart: number };
  const reached = at === end;
  const departed = !reached && now.getTime() >= time.depart;
  const when = new Date(reached || !departed ? time.arrive : time.depart);
  const status = reached
    ? `REACHED AT DESTINATION ON ${foisTime(when)}`
    : departed
      ? `DEPARTED FROM ${label(station)} ON ${foisTime(when)}`
      : `ARRIVED AT ${label(station)} ON ${foisTime(when)}`;
  return envelope([
    {
      newFnr: '',
      etaDstn: foisTime(eta),
      cmdt: 'CONT',
      currentStatus: status,
      lastRepStts: reached || !departed ? 'AR' : 'DP',
      locoNumb: String(30_000 + (stableHash(fnr) % 9_000)),
      lastRepLocn: label(station),
      lgtd: station[3].toFixed(6),
      fnrNo: fnr,
      lttd: station[2].toFixed(6),
      stationFrom: label(route[0] as Station),
      stationTo: label(route[end] as Station),
    },
  ]);
}
