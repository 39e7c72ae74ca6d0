import { and, eq } from 'drizzle-orm';
import type { Plant, PlantInputParsed } from '@freightdesk/shared/schemas/plant';
import type { Status } from '@freightdesk/shared/schemas/common';
import type { Db, DbOrTx } from '../../db/client.ts';
import { plants } from '../../db/schema/plants.ts';
import type { AuthUser } from '../../lib/access.ts';
import { writeAudit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict, notFound, uniqueViolation } from '../../lib/errors.ts';
import { currentPlan } from '../account/account.service.ts';
import { businessUnitBelongs, countActivePlants, findPlant } from './plants.repository.ts';

type Actor = Pick<AuthUser, 'id'> & { industryId: number };

async function checkBusinessUnit(db: DbOrTx, industryId: number, id: number | null | undefined) {
  if (id && !(await businessUnitBelongs(db, industryId, id))) {
    throw badRequest('businessUnitId', 'Choose one of your business units.');
  }
}

/** Refuses an active plant beyond the current plan's plant limit. */
async function checkPlantLimit(db: DbOrTx, industryId: number) {
  const [plan] = await currentPlan(db as Db, industryId);
  if (!plan) {
    throw new AppError(403, 'NO_PLAN', 'Your account has no current plan. Choose a plan to add plants.');
  }
  const used = await countActivePlants(db, industryId);
  if (used >= plan.noOfPlants) {
    throw new AppError(
      403,
      'PLAN_LIMIT',
      `Your plan allows ${plan.noOfPlants} active plant${plan.noOfPlants === 1 ? '' : 's'} and all are in use. Upgrade the plan or deactivate a plant.`,
    );
  }
}

function rethrowDuplicate(err: unknown): never {
  if (uniqueViolation(err) === 'plants_industry_code') {
    throw conflict('code', 'Another plant already uses this code.');
  }
  throw err;
}

function values(input: PlantInputParsed) {
  return {
    ...input,
    businessUnitId: input.businessUnitId ?? null,
    contactName: input.contactName ?? null,
    contactMobile: input.contactMobile ?? null,
  };
}

export async function createPlant(db: Db, actor: Actor, input: PlantInputParsed): Promise<Plant> {
  const id = await db
    .transaction(async (tx) => {
      await checkBusinessUnit(tx, actor.industryId, input.businessUnitId);
      await checkPlantLimit(tx, actor.industryId);
      const [row] = await tx
        .insert(plants)
        .values({ ...values(input), industryId: actor.industryId, createdBy: actor.id })
        .returning({ id: plants.id });
      if (!row) {
        throw new Error('insert returned nothing');
      }
      await writeAudit(tx, {
        industryId: actor.industryId,
        actorUserId: actor.id,
        entity: 'plant',
        entityId: row.id,
        action: 'create',
        to: input,
      });
      return row.id;
    })
    .catch(rethrowDuplicate);
  return (await findPlant(db, actor.industryId, id)) as Plant;
}

export async function updatePlant(db: Db, actor: Actor, id: number, input: PlantInputParsed): Promise<Plant> {
  await db
    .transaction(async (tx) => {
      const before = await findPlant(tx, actor.industryId, id);
      if (!before) {
        throw notFound('Plant');
      }
      await checkBusinessUnit(tx, actor.industryId, input.businessUnitId);
      await tx
        .update(plants)
        .set({ ...values(input), updatedAt: new Date() })
        .where(and(eq(plants.industryId, actor.industryId), eq(plants.id, id)));
      await writeAudit(tx, {
        industryId: actor.industryId,
        actorUserId: actor.id,
        entity: 'plant',
        entityId: id,
        action: 'update',
        from: before,
        to: input,
      });
    })
    .catch(rethrowDuplicate);
  return (await findPlant(db, actor.industryId, id)) as Plant;
}

/** Activates or deactivates; re-activating counts against the plan's plant limit. */
export async function setPlantStatus(db: Db, actor: Actor, id: number, status: Status, reason?: string): Promise<Plant> {
  await db.transaction(async (tx) => {
    const before = await findPlant(tx, actor.industryId, id);
    if (!before) {
      throw notFound('Plant');
    }
    if (before.status === status) {
      return;
    }
    if (status === 'active') {
      await checkPlantLimit(tx, actor.industryId);
    }
    await tx
      .update(plants)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(plants.industryId, actor.industryId), eq(plants.id, id)));
    await writeAudit(tx, {
      industryId: actor.industryId,
      actorUserId: actor.id,
      entity: 'plant',
      entityId: id,
      action: 'status',
      from: before.status,
      to: status,
      reason,
    });
  });
  return (await findPlant(db, actor.industryId, id)) as Plant;
}

/** Saves the plant's SLA text or its contract-SLA text. */
export async function setPlantSla(db: Db, actor: Actor, id: number, kind: 'sla' | 'contract', text: string): Promise<Plant> {
  const column = kind === 'sla' ? { slaText: text } : { contractSlaText: text };
  const [row] = await db
    .update(plants)
    .set({ ...column, updatedAt: new Date() })
    .where(and(eq(plants.industryId, actor.industryId), eq(plants.id, id)))
    .returning({ id: plants.id });
  if (!row) {
    throw notFound('Plant');
  }
  await writeAudit(db, { industryId: actor.industryId, actorUserId: actor.id, entity: 'plant', entityId: id, action: `${kind}-text` });
  return (await findPlant(db, actor.industryId, id)) as Plant;
}
