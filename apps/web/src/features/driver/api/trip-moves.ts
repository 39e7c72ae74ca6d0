import type { z } from 'zod';
import type { tripPositionSchema } from '@freightdesk/shared/schemas/driver-trip';
import { ApiError, api, newIdempotencyKey } from '../../../lib/api.ts';
import type { OutboxPart } from '../../../lib/outbox.ts';
import { sendOrKeep } from '../../../lib/outbox-send.ts';
import { type DriverTrip, type TripMove, tripPath } from './trip.ts';

/** The outbox screen of a trip link's moves (lib/outbox.ts): listed on its page, sent from it. */
export const tripScope = (token: string) => `driver:${token}`;

/** What a move carries: JSON (report, arrive) or multipart parts (deliver: the POD photo and its fields). */
export type TripMoveBody = { json: { remarks?: string; at: string } } | { parts: OutboxPart[] };

/** How a move went: done (the server's trip), kept on the phone to send later, or refused (409: done already). */
export type MoveOutcome = { kind: 'done'; trip: DriverTrip } | { kind: 'kept' } | { kind: 'refused'; message: string };

/**
 * One move of the driver (`POST /api/trip/{token}/report|arrive|deliver`, without a session): sent
 * at once when there is network, else kept in the outbox and sent when it returns (lib/outbox-send.ts,
 * records 0270 and 0302). A 409 (the carrier or another phone did it already) is the server's answer
 * to show; any other refusal is thrown for the form to place on its fields.
 */
export async function makeTripMove(token: string, move: TripMove, body: TripMoveBody, label: string): Promise<MoveOutcome> {
  try {
    const outcome = await sendOrKeep<{ data: DriverTrip }>({
      key: newIdempotencyKey(),
      path: tripPath(token, `/${move}`),
      body: 'json' in body ? body.json : null,
      parts: 'parts' in body ? body.parts : undefined,
      label,
      scope: tripScope(token),
      tripToken: token,
    });
    return outcome.kind === 'kept' ? { kind: 'kept' } : { kind: 'done', trip: outcome.answer.data };
  } catch (err) {
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
