import type { TripPositionsBody } from '@freightdesk/shared/schemas/driver-trip';
import type { PositionOutcome } from '@freightdesk/shared/schemas/tracking-devices';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { markDriverLinkSeen } from '../../repositories/driver-links.repository.ts';
import { LINK_ENDED, openLink } from './driver-trip.service.ts';
import type { Ingest } from './ingest.ts';
import type { DecodedPosition } from './osmand-decode.ts';

/** m/s (the Geolocation API's speed) → km/h (the positions'). */
const MS_TO_KMH = 3.6;

type TripPosition = TripPositionsBody['positions'][number];

/** A position of the driver's page as the ingest takes a device's (its phone's identifier key). */
export const decodeTripPosition = (identifier: string, p: TripPosition): DecodedPosition => ({
  identifier,
  fixTime: new Date(p.at),
  latitude: p.latitude,
  longitude: p.longitude,
  speedKmh: p.speed == null ? null : p.speed * MS_TO_KMH,
  bearing: p.heading ?? null,
  altitude: p.altitude ?? null,
  accuracy: p.accuracy ?? null,
  battery: null,
  valid: true,
  attributes: {},
});

/**
 * `POST /api/trip/{token}/positions`: the phone's positions through the same ingest and filters as
 * every device's (record 0300). The link's phone is a tracking device stored under `sha256:` and
 * the token's hash; the link is authenticated like Traccar's forwarding (the `forward` channel).
 * Each position's outcome is answered in order; the link is marked seen (and sharing, once one is
 * accepted).
 */
export async function acceptTripPositions(
  db: Db,
  ingest: Ingest,
  token: string,
  body: TripPositionsBody,
): Promise<{ accepted: number; outcomes: PositionOutcome[] }> {
  const link = await openLink(db, token);
  const identifier = `sha256:${link.tokenHash}`;
  const route = await ingest.resolver.resolve(identifier, 'forward');
  if (!route) {
    throw new AppError(404, 'LINK_NOT_FOUND', LINK_ENDED);
  }
  const receivedAt = new Date();
  // Taken in the order sent (each is measured from the one before); stored in one group commit.
  const pending = body.positions.map((p) => ingest.accept(decodeTripPosition(identifier, p), route, 'trip_link', 'forward', receivedAt));
  const outcomes = await Promise.all(pending);
  const accepted = outcomes.filter((o) => o === 'accepted').length;
  await markDriverLinkSeen(db, link.id, receivedAt, accepted > 0);
  return { accepted, outcomes };
}
