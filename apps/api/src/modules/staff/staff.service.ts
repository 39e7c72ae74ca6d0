import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type Actor, tenantResource } from '../../lib/tenant-resource.ts';
import { activeMemberCount, currentPlan } from '../../repositories/plans.repository.ts';
import { staffSpec } from '../../repositories/staff.repository.ts';

/** Refuses an active member beyond the plan's member limit (the owner counts as a member). */
export async function checkMemberLimit(db: DbOrTx, actor: Actor) {
  const [plan] = await currentPlan(db, actor.industryId);
  if (!plan) {
    throw new AppError(403, 'NO_PLAN', 'Your account has no current plan. Choose a plan to add staff.');
  }
  const used = await activeMemberCount(db, actor.industryId);
  if (used >= plan.noOfMembers) {
    throw new AppError(
      403,
      'PLAN_LIMIT',
      `Your plan allows ${plan.noOfMembers} active members (you included) and all are in use. Upgrade the plan or deactivate a member.`,
    );
  }
}

/** Staff: users of type 4 of one shipper, with a role and plant / business-unit assignments. */
export const staffResource = tenantResource({ ...staffSpec, beforeActivate: checkMemberLimit });
