import { eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { webhookEndpoints } from '../db/schema/webhooks.ts';
import { may, type ObjectKind } from './policy.ts';
import { type Action, carrierViewer, type Viewer } from './policy-scope.ts';

/**
 * Webhooks (issue 34). Endpoints belong to one company and are managed by its account: the carrier
 * account (type 2) for a carrier's, the shipper's owner (type 3) for a shipper's. Nobody else
 * reads or changes them, not even staff or the platform admin (they hold the company's secrets).
 */
export function webhookEndpointsFor(viewer: Viewer, _action: Action): SQL | null {
  if (viewer.userType === 2 && viewer.carrierId) {
    return eq(webhookEndpoints.carrierId, viewer.carrierId);
  }
  if (viewer.userType === 3 && viewer.industryId) {
    return eq(webhookEndpoints.industryId, viewer.industryId);
  }
  return null;
}

/**
 * Which of these carriers an event about an object is addressed to: those whose account may read
 * the object by its own rule (an order or invoice of theirs, an indent turn offered to them, a
 * request they were invited to). The event reaches a carrier's endpoints only then.
 */
export async function carriersAddressed(db: DbOrTx, carrierIds: number[], subject: { kind: ObjectKind; id: number }): Promise<number[]> {
  const admitted: number[] = [];
  for (const carrierId of carrierIds) {
    if (await may(db, carrierViewer({ id: 0, carrierId }), subject.kind, subject.id, 'read')) {
      admitted.push(carrierId);
    }
  }
  return admitted;
}
