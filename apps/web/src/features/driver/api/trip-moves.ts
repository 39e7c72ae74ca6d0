import type { z } from 'zod';
import type { tripPositionSchema } from '@freightdesk/shared/schemas/driver-trip';
import { ApiError, api, isUnsure, newIdempotencyKey } from '../../../lib/api.ts';
import { formDataOf, keepMove, type OutboxPart } from '../../../lib/outbox.ts';
import { type DriverTrip, type TripMove, tripPath } from './trip.ts';

/** The outbox screen of a trip link's moves (lib/outbox.ts): listed on its page, sent from it. */
export const tripScope = (token: string) => `driver:${token}`;

/** What a move carries: JSON (report, arrive) or multipart parts (deliver: the POD photo and its fields). */
export type TripMoveBody = { json: { remarks?: string; at: string } } | { parts: OutboxPart[] };

/** How a move went: done (the server's trip), kept on the phone to send later, or refused (409: done already). */
export type MoveOutcome = { kind: 'done'; trip: DriverTrip } | { kind: 'kept' } | { kind: 'refused'; message: string };

/** `POST /api/trip/{token}/report|arrive|deliver` without a session, under the move's own key. */
function postMove(token: string, move: TripMove, body: TripMoveBody, key: string) {
  const sent = 'parts' in body ? formDataOf(body.parts) : body.json;
  return api.postWithKey<{ data: DriverTrip }>(tripPath(token, `/${move}`), sent, key, { anonymous: true });
}

/** Keeps the move on the phone under the key of its first try: had that try landed, the retry answers it, never a second move. */
async function keep(token: string, move: TripMove, body: TripMoveBody, key: string, label: string): Promise<MoveOutcome> {
  const path = tripPath(token, `/${move}`);
  await keepMove({
    key,
    path,
    body: 'json' in body ? body.json : null,
    parts: 'parts' in body ? body.parts : undefined,
    label,
    scope: tripScope(token),
    tripToken: token,
  });
  return { kind: 'kept' };
}

/**
 * One move of the driver: sent at once when there is network, else kept in the outbox (sent when
 * the network returns, record 0270/0302). A 409 (the carrier or another phone did it already) is
 * the server's answer to show; any other refusal is thrown for the form to place on its fields.
 */
export async function makeTripMove(token: string, move: TripMove, body: TripMoveBody, label: string): Promise<MoveOutcome> {
  const key = newIdempotencyKey();
  if (!navigator.onLine) {
    return keep(token, move, body, key, label);
  }
  try {
    return { kind: 'done', trip: (await postMove(token, move, body, key)).data };
  } catch (err) {
    if (err instanceof ApiError && isUnsure(err.status)) {
      return keep(token, move, body, key, label);
    }
    if (err instanceof ApiError && err.status === 409) {
      return { kind: 'refused', message: err.message };
    }
    throw err;
  }
}

/** A position as the Geolocation API gave it (the API's `tripPositionSchema`). */
export type TripPosition = z.input<typeof tripPositionSchema>;

/** `POST /api/trip/{token}/positions` (1..50), under the batch's key so a resent batch lands once. */
export const postPositions = (token: string, positions: TripPosition[], key: string) =>
  api.postWithKey<{ data: { accepted: number; outcomes: string[] } }>(tripPath(token, '/positions'), { positions }, key, {
    anonymous: true,
  });
