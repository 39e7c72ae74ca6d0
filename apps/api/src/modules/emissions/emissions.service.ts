import { indiaDayKey } from '@freightdesk/shared/date-time';
import type { FactorVersion, FactorVersionInput, OrderEmissions } from '@freightdesk/shared/schemas/emissions';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { emissionFactorOwner, type Viewer } from '../../lib/policy.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import { factorLabelTaken, insertFactorVersion, versionInForce } from '../../repositories/emissions.repository.ts';
import {
  emissionInputs,
  insertFigures,
  type StoredFigure,
  storedFigure,
  unfiguredOrders,
} from '../../repositories/order-emissions.repository.ts';
import { orderIdInReach } from '../../repositories/tracking-trips.repository.ts';
import { figureOf, locatedStops } from './order-figure.ts';
import { railAlternative } from './rail-alternative.ts';

/**
 * Emissions (issue 37, record 0308): one order's figure as its viewer may read it, the job that
 * keeps the figure of each finished load, and new factor versions.
 */

/** The order's figure (final once its trip ended, else an estimate) and its rail alternative. */
export async function orderEmissionsFor(db: DbOrTx, viewer: Viewer, orderId: number): Promise<OrderEmissions> {
  const id = await orderIdInReach(db, { viewer, action: 'read' }, orderId);
  if (id === null) {
    throw notFound('Order');
  }
  const inputs = await emissionInputs(db, [id]);
  const [order] = inputs.orders;
  if (!order) {
    throw notFound('Order');
  }
  const [stored, version] = await Promise.all([storedFigure(db, id), versionInForce(db, order.industry_id, order.pickup_day)]);
  const now = stored ?? figureOf(order, inputs, version);
  return {
    orderId: id,
    figure: now.figure,
    basis: now.figure ? (stored ? 'final' : 'estimate') : null,
    unavailable: now.unavailable,
    byRail: railAlternative(order, locatedStops(inputs.stops, id), version),
  };
}

/** Stores the figure of up to `limit` finished loads still without one; answers how many it stored. */
export async function storeFinishedFigures(db: DbOrTx, limit = 200): Promise<number> {
  const ids = await unfiguredOrders(db, limit);
  if (!ids.length) {
    return 0;
  }
  const inputs = await emissionInputs(db, ids);
  const versions = new Map<string, FactorVersion | null>();
  const out: StoredFigure[] = [];
  for (const order of inputs.orders) {
    const key = `${order.industry_id}:${order.pickup_day}`;
    if (!versions.has(key)) {
      versions.set(key, await versionInForce(db, order.industry_id, order.pickup_day));
    }
    const { figure, unavailable } = figureOf(order, inputs, versions.get(key) ?? null);
    out.push({ order, figure, unavailable });
  }
  await insertFigures(db, out);
  return out.length;
}

/**
 * Adds a factor version: the platform's default (its admin) or the company's own. It starts today
 * or later (India time), so no figure already given changes; a label is used once per owner.
 */
export async function addFactorVersion(db: Db, viewer: Viewer, input: FactorVersionInput): Promise<FactorVersion> {
  const owner = emissionFactorOwner(viewer);
  if (!owner) {
    throw forbidden("You need the 'add-edit-delete' permission to add emission factors.");
  }
  if (input.validFrom < indiaDayKey()) {
    throw badRequest('validFrom', 'A factor version starts today or later: figures already given keep the version they used.');
  }
  return db.transaction(async (tx) => {
    if (await factorLabelTaken(tx, owner.industryId, input.label)) {
      throw conflict('label', `A factor version named ${input.label} exists already.`);
    }
    const version = await insertFactorVersion(tx, owner.industryId, viewer.id, input);
    await writeAudit(tx, {
      industryId: owner.industryId,
      actorUserId: viewer.id,
      entity: 'emission_factor_version',
      entityId: version.id,
      action: 'create',
    });
    return version;
  });
}
