import type { SQL } from 'drizzle-orm';
import { forbidden } from './errors.ts';
import {
  type Action,
  contractsFor,
  type Direction,
  indentsFor,
  invoicesFor,
  ordersFor,
  permissionNeeded,
  requestsFor,
  rfqPermissionNeeded,
  rfqsFor,
  type Viewer,
} from './policy.ts';

/** The kinds of object whose rule a route asks for before it reads or changes one. */
export type RuledKind = 'request' | 'order' | 'rfq' | 'contract' | 'indent' | 'invoice';

declare const RULE: unique symbol;
/**
 * A condition the policy made for a viewer and an action (`ruleOrForbidden`), typed by its kind: a
 * read that takes a `Rule<'invoice'>` cannot be handed a hand-written filter (`sql\`true\``, a
 * company id), only what the policy decided for the caller (issue 32).
 */
export type Rule<K extends RuledKind> = SQL & { readonly [RULE]: K };

const RULE_OF: Record<RuledKind, (viewer: Viewer, action: Action, direction?: Direction) => SQL | null> = {
  request: requestsFor,
  order: ordersFor,
  rfq: rfqsFor,
  contract: contractsFor,
  indent: indentsFor,
  invoice: invoicesFor,
};

/** The 403 message a shipper's user hears: the permissions that would admit the call. */
function needed(kind: RuledKind, action: Action, direction?: Direction): string {
  if (kind === 'request' || kind === 'order') {
    return permissionNeeded(kind, action, direction);
  }
  return kind === 'invoice' ? "You need the 'payment-summary' permission for this." : rfqPermissionNeeded(kind, action);
}

/**
 * The policy's rule for the viewer taking `action` on objects of `kind`, or 403 when it admits
 * nothing. A shipper's user is told which permissions would admit the call; a carrier hears the
 * plain refusal (shipper permissions mean nothing to it). The one place every route turns "no rule"
 * into its answer, so the message and the status cannot drift apart between routes.
 */
export function ruleOrForbidden<K extends RuledKind>(viewer: Viewer, kind: K, action: Action, direction?: Direction): Rule<K> {
  const rule = RULE_OF[kind](viewer, action, direction);
  if (!rule) {
    throw forbidden(viewer.userType === 2 ? undefined : needed(kind, action, direction));
  }
  return rule as Rule<K>;
}
