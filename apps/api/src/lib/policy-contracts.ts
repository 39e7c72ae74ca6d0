import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Permission } from '@freightdesk/shared/permissions';
import { contracts, rfqs } from '../db/schema/contracts.ts';
import { indentAllocations, indents } from '../db/schema/indents.ts';
import { type Action, staffPlantScope, type Viewer } from './policy-scope.ts';

/**
 * The policy's rules for RFQs and contracts (part of lib/policy: REST, sockets, notifications and
 * exports read these, never their own copy). Shipper users: their tenant, their plants, `list-rfp`
 * to read an RFQ and `add-rfp` to make or change one; `list-indent` / `detail-indent` to read a
 * contract and `add-indent` to change it. Carriers: an RFQ that invites one of their active links,
 * never a draft, never a change; a contract made with one of their links; an indent once one of
 * their links has been asked (a carrier still queued behind others has not been addressed yet).
 */
const RFQ_ACTION: Record<Action, Permission[]> = {
  list: ['list-rfp', 'add-rfp'],
  read: ['list-rfp', 'add-rfp'],
  follow: ['list-rfp', 'add-rfp'],
  export: ['list-rfp', 'add-rfp'],
  change: ['add-rfp'],
  attach: ['add-rfp'],
};
const CONTRACT_ACTION: Record<Action, Permission[]> = {
  list: ['list-indent'],
  read: ['list-indent', 'detail-indent'],
  follow: ['list-indent', 'detail-indent'],
  export: ['list-indent'],
  change: ['add-indent', 'edit-indent'],
  attach: ['add-indent', 'edit-indent'],
};

const INDENT_ACTION: Record<Action, Permission[]> = {
  list: ['list-indent'],
  read: ['list-indent', 'detail-indent'],
  follow: ['list-indent', 'detail-indent'],
  export: ['list-indent'],
  change: ['add-indent', 'edit-indent'],
  attach: ['add-indent', 'edit-indent'],
};

const holds = (viewer: Viewer, permissions: Permission[]) => permissions.some((p) => viewer.permissions.includes(p));

/** The carrier's active link an RFQ invites (SQL scalar, null if none). */
export function rfqInvitedLink(carrierId: number) {
  return sql`(select ic.id from rfq_invites i join industry_carriers ic on ic.id = i.industry_carrier_id
      where i.rfq_id = ${rfqs.id} and ic.carrier_id = ${carrierId} and ic.status = 'active' limit 1)`;
}

/**
 * The RFQs of the viewer's own shipper, a staff user's plants only: the shipper's half of rfqsFor,
 * and on its own the lanes an indent may go on (repositories/indent-lanes: the indent's permission,
 * not the RFQ's, admits the caller there). A viewer without a shipper reaches none.
 */
export const shipperRfqScope = (viewer: Viewer): SQL =>
  and(eq(rfqs.industryId, viewer.industryId ?? 0), staffPlantScope(viewer, rfqs.plantId)) as SQL;

/** RFQs the viewer may take `action` on; null when none. */
export function rfqsFor(viewer: Viewer, action: Action): SQL | null {
  if (viewer.userType === 2) {
    if (!viewer.carrierId || !['list', 'read', 'follow'].includes(action)) {
      return null;
    }
    return and(ne(rfqs.status, 'draft'), sql`${rfqInvitedLink(viewer.carrierId)} is not null`) as SQL;
  }
  if (!viewer.industryId || !holds(viewer, RFQ_ACTION[action])) {
    return null;
  }
  return shipperRfqScope(viewer);
}

/** Contracts the viewer may take `action` on; null when none. */
export function contractsFor(viewer: Viewer, action: Action): SQL | null {
  if (viewer.userType === 2) {
    if (!viewer.carrierId || !['list', 'read', 'follow'].includes(action)) {
      return null;
    }
    return sql`${contracts.industryCarrierId} in (select id from industry_carriers where carrier_id = ${viewer.carrierId})`;
  }
  if (!viewer.industryId || !holds(viewer, CONTRACT_ACTION[action])) {
    return null;
  }
  return and(eq(contracts.industryId, viewer.industryId), staffPlantScope(viewer, contracts.plantId)) as SQL;
}

const turns = indentAllocations;

/**
 * The indent turns (allocations) addressed to a carrier: on one of its links, once asked (a turn
 * still queued behind others has not reached it). The carrier's indent list reads these turns
 * (repositories/indent-carrier.repository.ts); indentsFor admits an indent holding one.
 */
export const carrierTurns = (carrierId: number): SQL =>
  and(
    sql`${turns.industryCarrierId} in (select id from industry_carriers where carrier_id = ${carrierId})`,
    sql`${turns.status} <> 'queued'`,
  ) as SQL;

/** The carrier's link an indent has asked (SQL scalar, null if none yet). */
export function indentAskedLink(carrierId: number) {
  return sql`(select ${turns.industryCarrierId} from ${turns} where ${turns.indentId} = ${indents.id} and ${carrierTurns(carrierId)} limit 1)`;
}

/** Indents the viewer may take `action` on; null when none. Carriers answer through their own turn, never change the indent. */
export function indentsFor(viewer: Viewer, action: Action): SQL | null {
  if (viewer.userType === 2) {
    if (!viewer.carrierId || !['list', 'read', 'follow'].includes(action)) {
      return null;
    }
    return sql`${indentAskedLink(viewer.carrierId)} is not null`;
  }
  if (!viewer.industryId || !holds(viewer, INDENT_ACTION[action])) {
    return null;
  }
  return and(eq(indents.industryId, viewer.industryId), staffPlantScope(viewer, indents.plantId)) as SQL;
}

const ACTIONS = { rfq: RFQ_ACTION, contract: CONTRACT_ACTION, indent: INDENT_ACTION };

/** The 403 message when rfqsFor / contractsFor / indentsFor admit nothing. */
export function rfqPermissionNeeded(kind: 'rfq' | 'contract' | 'indent', action: Action): string {
  const names = ACTIONS[kind][action];
  return `You need the ${names.map((n) => `'${n}'`).join(' or ')} permission for this.`;
}
