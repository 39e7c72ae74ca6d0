import type { Permission } from '@freightdesk/shared/permissions';
import type { Db } from '../db/client.ts';
import { drizzle } from 'drizzle-orm/node-postgres';
import { ORDER_PERMISSIONS, REQUEST_PERMISSIONS, type Viewer } from '../lib/policy.ts';
import { carrier, owner, staff } from './review-sql.ts';

/**
 * The viewers the order, request and gate repositories' statements are rendered for
 * (test/review-sql.ts): the shipper's owner and staff user holding every request and order
 * permission of both directions (so each rule admits them), and the carrier's user.
 */
const every: Permission[] = ([1, 2] as const).flatMap((d) => [
  ...Object.values(REQUEST_PERMISSIONS[d]),
  ...Object.values(ORDER_PERMISSIONS[d]),
]);
export const ownerAll: Viewer = { ...owner, permissions: every };
export const staffAll: Viewer = { ...staff, permissions: every };
/** A staff user with only the offline order permissions (outbound list, inbound offline list). */
export const staffOffline: Viewer = { ...staff, permissions: [ORDER_PERMISSIONS[2].offlineList] };
export { carrier };

/** A database that only builds statements (never connected): `.getSQL()` of a query renders it. */
export const statementDb = drizzle.mock() as unknown as Db;
