import type { RouteMaster } from '@freightdesk/shared/schemas/route-master';
import type { LANE_PLACE_KINDS } from '@freightdesk/shared/schemas/rfq';
import type { SourceName } from '../../components/form/option-sources.ts';
import { optionValue, parseOptionValue } from '../../components/form/use-server-options.ts';

/** A lane end is a plant, one of the shipper's locations, or a client or vendor address: one picker searches all four. */
export const PLACE_SOURCES = ['plants', 'stops', 'clientAddresses', 'vendorAddresses'] as const satisfies readonly SourceName[];
type PlaceSource = (typeof PLACE_SOURCES)[number];
type PlaceKind = (typeof LANE_PLACE_KINDS)[number];

/**
 * A lane end as the form holds it: the API's `{ kind, id }`, plus the master it was picked from
 * (`via`), because a client and a vendor address are both `address` to the API. The schema drops `via`.
 */
export type FormPlace = { kind: PlaceKind; id: number; via?: PlaceSource };

const KIND_OF: Record<PlaceSource, PlaceKind> = {
  plants: 'plant',
  stops: 'stop',
  clientAddresses: 'address',
  vendorAddresses: 'address',
};
const SOURCE_OF: Record<PlaceKind, PlaceSource> = { plant: 'plants', stop: 'stops', address: 'clientAddresses' };

/** The picker's value (`plants:3`) for a lane end, or null when none is chosen. */
export function placeToValue(place: FormPlace | null | undefined): string | null {
  if (!place?.id) {
    return null;
  }
  return optionValue(PLACE_SOURCES, place.via ?? SOURCE_OF[place.kind], place.id);
}

/** The lane end a picker value stands for (undefined when cleared, so the schema says it is required). */
export function valueToPlace(value: string | null): FormPlace | undefined {
  const parsed = value ? parseOptionValue(PLACE_SOURCES, value) : null;
  if (!parsed) {
    return undefined;
  }
  const via = parsed.source as PlaceSource;
  return { kind: KIND_OF[via], id: parsed.id, via };
}

/**
 * A lane's ends from a route master: its origin (plant or location) and its last destination
 * location. Null when the route has no origin or no destination (it is skipped).
 */
export function routeEnds(
  route: Pick<RouteMaster, 'originPlantId' | 'originStopId' | 'destinationStopIds'>,
): { origin: FormPlace; destination: FormPlace } | null {
  const origin: FormPlace | null = route.originPlantId
    ? { kind: 'plant', id: route.originPlantId, via: 'plants' }
    : route.originStopId
      ? { kind: 'stop', id: route.originStopId, via: 'stops' }
      : null;
  const last = route.destinationStopIds.at(-1);
  if (!origin || !last) {
    return null;
  }
  return { origin, destination: { kind: 'stop', id: last, via: 'stops' } };
}
