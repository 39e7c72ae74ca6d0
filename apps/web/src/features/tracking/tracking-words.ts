import type { TripState } from '@freightdesk/shared/schemas/tracking';
import { plural } from '../../lib/format.ts';

/**
 * Words and colours of tracking, shared by the app's pages and the public page, so this file
 * imports no UI library (the public page must stay light).
 */
export const TRIP_STATE_LABEL: Record<TripState, string> = {
  waiting: 'Not started',
  in_transit: 'In transit',
  delayed: 'Delayed',
  halted: 'Halted',
  no_signal: 'No signal',
  arrived: 'Arrived',
};
/** Mantine colour names; the maps use the hex of the same shade. */
export const TRIP_STATE_COLOR: Record<TripState, string> = {
  waiting: 'gray',
  in_transit: 'green',
  delayed: 'orange',
  halted: 'yellow',
  no_signal: 'red',
  arrived: 'blue',
};
/**
 * How much a state needs someone's attention, higher first: a cluster of vehicles on the map takes
 * the colour of its worst. No signal, halted and delayed come first (a truck lost, stuck or late),
 * in the order the server picks a trip's one state when several hold (trip.ts, tripState).
 */
export const TRIP_STATE_RANK: Record<TripState, number> = {
  no_signal: 5,
  halted: 4,
  delayed: 3,
  in_transit: 2,
  waiting: 1,
  arrived: 0,
};
export const TRIP_STATE_HEX: Record<TripState, string> = {
  waiting: '#868e96',
  in_transit: '#2f9e44',
  delayed: '#e8590c',
  halted: '#f59f00',
  no_signal: '#c92a2a',
  arrived: '#1c7ed6',
};

/** "just now", "12 min ago", "3 h 5 min ago", "2 days ago": how old a fix is. */
export function ageText(minutes: number): string {
  if (minutes < 1) {
    return 'just now';
  }
  if (minutes < 60) {
    return `${minutes} min ago`;
  }
  if (minutes < 48 * 60) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${h} h ${m} min ago` : `${h} h ago`;
  }
  return `${plural(Math.floor(minutes / 1440), 'day')} ago`;
}

/** Minutes since an ISO time, never negative (a phone clock slightly ahead reads "just now"). */
export const minutesSince = (iso: string, now = Date.now()) => Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));

/** "45 km/h", or a dash when the source gives no speed (FASTag, rail). */
export const speedText = (kmh: number | null) => (kmh === null ? '—' : `${Math.round(kmh)} km/h`);

/** "+1 h 20 min late", "on time", "25 min early". */
export function delayText(minutes: number | null): string {
  if (minutes === null) {
    return '—';
  }
  const abs = Math.abs(minutes);
  const span = abs >= 60 ? `${Math.floor(abs / 60)} h${abs % 60 ? ` ${abs % 60} min` : ''}` : `${abs} min`;
  if (abs < 5) {
    return 'On time';
  }
  return minutes > 0 ? `${span} late` : `${span} early`;
}

/** A duration between two times as "2 h 10 min" (to now while it lasts). */
export function spanText(fromIso: string, toIso: string | null, now = Date.now()): string {
  const minutes = Math.max(0, Math.round(((toIso ? new Date(toIso).getTime() : now) - new Date(fromIso).getTime()) / 60_000));
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

/** How many vehicles are in a state; undefined while the vehicles have not come (a counter then shows '…', not 0). */
export function stateCount(vehicles: { state: TripState }[] | undefined, state: TripState): number | undefined {
  return vehicles?.filter((v) => v.state === state).length;
}
