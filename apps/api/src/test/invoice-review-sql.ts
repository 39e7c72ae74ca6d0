import { ruleOrForbidden } from '../lib/policy-require.ts';
import type { Viewer } from '../lib/policy.ts';
import { reportOwner, reportStaff } from './report-review.ts';
import { carrier } from './review-sql.ts';

/** The policy's invoice rule for the reviewed viewers: a shipper's owner, its staff user (plants 21, 22) and carrier 9. */
export const invoiceScopes: [who: string, viewer: Viewer][] = [
  ['owner', reportOwner],
  ['staff with plants 21, 22', reportStaff],
  ['carrier 9', carrier],
];
export const invoiceScope = (viewer: Viewer) => ruleOrForbidden(viewer, 'invoice', 'list');
