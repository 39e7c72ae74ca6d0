import { eq, type SQL } from 'drizzle-orm';
import { apiKeys } from '../db/schema/api-keys.ts';
import type { Viewer } from './policy-scope.ts';

/**
 * The policy's rule for API keys and their calls (issue 34; part of lib/policy). A company's keys
 * are its account's: the carrier account (type 2) manages its carrier's, the shipper owner (type 3)
 * its shipper's; nobody else sees any, and a key itself never manages keys (its routes are in no
 * scope's area). Null: none.
 */
export function apiKeysFor(viewer: Viewer): SQL | null {
  if (viewer.userType === 2 && viewer.carrierId) {
    return eq(apiKeys.carrierId, viewer.carrierId);
  }
  if (viewer.userType === 3 && viewer.industryId) {
    return eq(apiKeys.industryId, viewer.industryId);
  }
  return null;
}

/** The company columns a new key of this viewer carries (exactly one set), or null when it may have none. */
export function apiKeyCompany(viewer: Viewer): { industryId: number | null; carrierId: number | null } | null {
  if (viewer.userType === 2 && viewer.carrierId) {
    return { industryId: null, carrierId: viewer.carrierId };
  }
  if (viewer.userType === 3 && viewer.industryId) {
    return { industryId: viewer.industryId, carrierId: null };
  }
  return null;
}
