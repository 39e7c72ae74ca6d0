import { EWAY_STATES } from '@freightdesk/shared/eway-bill';
import { type LatLng, roadKmAlong } from '@freightdesk/shared/geo';
import type { EwayExtensionSuggestion } from '@freightdesk/shared/schemas/eway-bill';
import type { DbOrTx } from '../../db/client.ts';
import { lastPosition, orderStopPoints } from '../../repositories/eway-bills.repository.ts';
import { nearestPlace } from '../tracking/places.ts';
import { nearestPin } from './india-pins.ts';

/** NIC takes a place of at most 50 plain characters: GeoNames' "Māyābandar" goes as "Mayabandar". */
const plainPlace = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .slice(0, 50);

const located = (s: { latitude: number | null; longitude: number | null }): s is LatLng => s.latitude !== null && s.longitude !== null;

/**
 * Where the vehicle is, as an extension asks it (place, PIN, NIC state code, road km left): from
 * the order's last position, or, with none, from the pickup. Offline (the shipped places and PIN
 * codes); a suggestion the user confirms or corrects, never sent unseen.
 */
export async function suggestExtension(db: DbOrTx, orderId: number): Promise<EwayExtensionSuggestion> {
  const last = await lastPosition(db, orderId);
  const stops = (await orderStopPoints(db, orderId)).filter(located);
  const [pickup] = stops;
  const at: LatLng | undefined = last ?? pickup;
  if (!at) {
    return { fromPlace: null, fromPincode: null, fromState: null, remainingKm: null, basis: 'none', at: null };
  }
  const place = nearestPlace(at.latitude, at.longitude);
  // The place's state (the shipped places are the finer map), and a PIN of that state, so the two
  // agree as NIC checks them; the PIN's own state when no place is near.
  const pin = nearestPin(at.latitude, at.longitude, place?.state);
  const state = EWAY_STATES.find((s) => s.code === (place?.state ?? pin?.state));
  const destination = stops.at(-1);
  const km = last ? (last.kmLeft ?? (destination ? roadKmAlong([last, destination]) : null)) : stops.length > 1 ? roadKmAlong(stops) : null;
  return {
    fromPlace: place ? plainPlace(place.name) : null,
    fromPincode: pin?.pin ?? null,
    fromState: state?.nic ?? null,
    remainingKm: km === null ? null : Math.max(1, Math.round(km)),
    basis: last ? 'position' : 'pickup',
    at: last ? last.fixTime.toISOString() : null,
  };
}
