import type { Plant } from '@freightdesk/shared/schemas/plant';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { StaffScope } from '../../lib/policy.ts';
import { type Actor, tenantResource } from '../../lib/tenant-resource.ts';
import { activePlantCount, plantRestriction, plantSpec, setPlantSlaText } from '../../repositories/plants.repository.ts';
import { currentPlan } from '../../repositories/plans.repository.ts';

/** Refuses an active plant beyond the current plan's plant limit. */
async function checkPlantLimit(db: DbOrTx, actor: Actor) {
  const [plan] = await currentPlan(db, actor.industryId);
  if (!plan) {
    throw new AppError(403, 'NO_PLAN', 'Your account has no current plan. Choose a plan to add plants.');
  }
  const used = await activePlantCount(db, actor.industryId);
  if (used >= plan.noOfPlants) {
    const s = plan.noOfPlants === 1 ? '' : 's';
    throw new AppError(
      403,
      'PLAN_LIMIT',
      `Your plan allows ${plan.noOfPlants} active plant${s} and all are in use. Upgrade the plan or deactivate a plant.`,
    );
  }
}

export const plantResource = tenantResource({ ...plantSpec, beforeActivate: checkPlantLimit });

/** Saves the plant's SLA text or its contract-SLA text. */
export async function setPlantSla(
  db: Db,
  actor: Actor & { staff: StaffScope },
  id: number,
  kind: 'sla' | 'contract',
  text: string,
  expected?: Date,
): Promise<Plant> {
  return db.transaction(async (tx) => {
    // A staff user edits only the plants assigned, as the plant pages show them.
    await plantResource.mustFind(tx, actor.industryId, id, plantRestriction(actor.staff));
    await setPlantSlaText(tx, actor.industryId, id, kind, text, expected);
    await plantResource.audit(tx, actor, id, `${kind}-text`);
    return plantResource.mustFind(tx, actor.industryId, id);
  });
}
