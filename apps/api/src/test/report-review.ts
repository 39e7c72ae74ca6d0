import { PERMISSIONS } from '@freightdesk/shared/permissions';
import type { SummaryParams } from '@freightdesk/shared/schemas/report';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../lib/access.ts';
import type { SummaryReport } from '../modules/reports/summary.ts';
import { laneChoicesStatement, totalsQuery } from '../repositories/report-summary.repository.ts';
import { owner, staff } from './review-sql.ts';

/** An owner and a staff user (plants 21, 22, unit 5) holding every permission, so each report's rule admits them. */
const account = {
  sessionId: 1,
  name: 'Reviewer',
  email: 'reviewer@example.com',
  mobile: null,
  profilePicture: null,
  industryName: 'Shipper',
  roleName: null,
};
export const reportOwner: AuthUser = { ...owner, ...account, userType: 3, permissions: [...PERMISSIONS] };
export const reportStaff: AuthUser = { ...staff, ...account, userType: 4, permissions: [...PERMISSIONS] };

/** Filters of every kind, for the staff user's statements. */
export const everyFilter: SummaryParams = {
  from: '2026-11-01',
  to: '2026-11-30',
  plantId: 21,
  carrierLinkId: 4,
  direction: 1,
  lane: 'Pune → Delhi',
};

/**
 * A summary report's statements, for queries/<name>.sql: its rows, totals (and count) for the owner
 * without filters and for the staff user with every filter, and its lane choices for the staff user.
 */
export function reportStatements(def: SummaryReport, extra: SummaryParams = {}): [string, SQL][] {
  const out: [string, SQL][] = [];
  for (const [who, viewer, p] of [
    ['owner, no filter', reportOwner, { ...extra }],
    ['staff with plants 21, 22 and unit 5; every filter', reportStaff, { ...everyFilter, ...extra }],
  ] as const) {
    const scope = def.scope(viewer, p) ?? sql`false`;
    out.push([`rows (${who})`, def.rows(scope, p)], [`totals (${who})`, totalsQuery(def, scope, p)]);
    if (def.count) {
      out.push([`count (${who})`, def.count(scope, p)]);
    }
  }
  const scope = def.scope(reportStaff, {}) ?? sql`false`;
  out.push(['lane choices (staff, search "pune")', laneChoicesStatement(def.lanes, scope, 'pune')]);
  return out;
}
