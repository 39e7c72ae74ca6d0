import type { SQL } from 'drizzle-orm';
import type { TransportRequest } from '@freightdesk/shared/schemas/request';
import type { DbOrTx } from '../db/client.ts';
import { type Action, type Direction, requestsFor, type Viewer } from '../lib/policy.ts';
import { orScopeNone } from './orders.repository.ts';
import { requestResources } from './request-rows.repository.ts';

/**
 * The transport requests a user reads (issue 32): each read takes the viewer and applies the
 * policy's request rule (tenant, direction, plants; a carrier's invitations) itself.
 */

/** The requests of the direction the viewer may take `action` on. */
export const requestScopeFor = (viewer: Viewer, action: Action, direction: Direction): SQL =>
  orScopeNone(requestsFor(viewer, action, direction));

/** One of the shipper's requests the viewer may take `action` on (404 for any other). */
export function requestOf(
  db: DbOrTx,
  viewer: Viewer,
  industryId: number,
  direction: Direction,
  id: number,
  action: Action,
): Promise<TransportRequest> {
  return requestResources[direction].mustFind(db, industryId, id, requestScopeFor(viewer, action, direction));
}
