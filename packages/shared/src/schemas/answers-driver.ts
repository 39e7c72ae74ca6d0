import { z } from 'zod';
import { dataAnswer } from './answers.ts';
import { driverLinkCreatedSchema, driverLinkStateSchema, driverTripSchema, tripPositionsResultSchema } from './driver-trip.ts';

/** The declared answers of the driver's trip link (issue 35, record 0300): the carrier's side and the driver's. */

/** `POST /api/carrier/orders/{id}/driver-link` (201): the link, its token and URL shown this once. */
export const driverLinkCreatedAnswer = dataAnswer(driverLinkCreatedSchema);
/** `GET /api/carrier/orders/{id}/driver-link`: the newest link (no token), or null when none was made. */
export const driverLinkStateAnswer = dataAnswer(driverLinkStateSchema.nullable());
/** `DELETE /api/carrier/orders/{id}/driver-link`. */
export const driverLinkRevokedAnswer = dataAnswer(z.object({ revoked: z.boolean() }));
/** `GET /api/trip/{token}` and every move of the driver's page. */
export const driverTripAnswer = dataAnswer(driverTripSchema);
/** `POST /api/trip/{token}/positions`. */
export const tripPositionsAnswer = dataAnswer(tripPositionsResultSchema);
