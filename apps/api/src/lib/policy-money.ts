import { and, eq, type SQL, sql } from 'drizzle-orm';
import { invoices } from '../db/schema/money.ts';
import { planInvoices } from '../db/schema/plan-invoices.ts';
import { type Action, staffPlantScope, type Viewer } from './policy-scope.ts';

/**
 * The policy's rule for invoices (part of lib/policy: REST, notifications, documents and exports
 * read this, never their own copy). Shipper users: their tenant, their plants, the
 * `payment-summary` permission for every action (read, review, pay, export). Carriers: the
 * invoices their company raised, at any shipper; they read, follow and attach, and change only
 * through their own routes (a revision of a disputed invoice).
 */
export function invoicesFor(viewer: Viewer, action: Action): SQL | null {
  if (viewer.userType === 2) {
    if (!viewer.carrierId || action === 'export') {
      return null;
    }
    return eq(invoices.carrierId, viewer.carrierId);
  }
  if (!viewer.industryId || !viewer.permissions.includes('payment-summary')) {
    return null;
  }
  return and(eq(invoices.industryId, viewer.industryId), staffPlantScope(viewer, invoices.plantId)) as SQL;
}

/**
 * The policy's rule for the platform's tax invoices for plans (issue 33): the platform admin reads
 * all of them; a shipper's users with `list-plan` (the plan page) read their own company's.
 */
export function planInvoicesFor(viewer: Viewer, action: Action): SQL | null {
  if (viewer.userType === 1) {
    return action === 'read' || action === 'list' ? sql`true` : null;
  }
  if (viewer.userType === 2 || !viewer.industryId || !viewer.permissions.includes('list-plan')) {
    return null;
  }
  return action === 'read' || action === 'list' ? eq(planInvoices.industryId, viewer.industryId) : null;
}
