import { eq, isNull, or, type SQL } from 'drizzle-orm';
import { emissionFactorVersions } from '../db/schema/emissions.ts';
import type { Action, Viewer } from './policy-scope.ts';

/**
 * Emission factors (issue 37, record 0308). The platform's default versions are read by every
 * shipper user and by the platform admin, who alone adds defaults; a shipper's own versions are
 * read by its users and added by whoever may change its settings (`add-edit-delete`). Carriers read
 * no factor table: their figures name the factors they used. Figures follow the order's own rule
 * (`ordersFor`: the shipper's, the carrier it was addressed to, staff within their plants).
 */
const f = emissionFactorVersions;

export function emissionFactorsFor(viewer: Viewer, action: Action): SQL | null {
  if (viewer.userType === 1) {
    return isNull(f.industryId);
  }
  if ((viewer.userType !== 3 && viewer.userType !== 4) || !viewer.industryId) {
    return null;
  }
  if (action === 'change') {
    return viewer.permissions.includes('add-edit-delete') ? eq(f.industryId, viewer.industryId) : null;
  }
  return or(isNull(f.industryId), eq(f.industryId, viewer.industryId)) as SQL;
}

/** The company a new version of the viewer's belongs to (null: the platform's default), or undefined when they may add none. */
export function emissionFactorOwner(viewer: Viewer): { industryId: number | null } | undefined {
  if (viewer.userType === 1) {
    return { industryId: null };
  }
  return emissionFactorsFor(viewer, 'change') && viewer.industryId ? { industryId: viewer.industryId } : undefined;
}
