import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthUser } from './access.ts';

/**
 * The policy's vocabulary (who looks, what they do) and the staff plant scope that every object's
 * rule applies: a module of its own so that the rules split over policy*.ts import it without
 * importing policy.ts back (no import cycle, issue 32).
 */

/** Who looks: a logged-in user (the parts the rules read). */
export type Viewer = Pick<AuthUser, 'id' | 'userType' | 'industryId' | 'carrierId' | 'permissions' | 'plantIds' | 'businessUnitIds'>;
export type StaffScope = Pick<AuthUser, 'userType' | 'plantIds' | 'businessUnitIds'>;

/** A carrier's user as a viewer (carriers hold no shipper permissions and no plants). */
export const carrierViewer = (user: { id: number; carrierId: number }): Viewer => ({
  id: user.id,
  userType: 2,
  industryId: null,
  carrierId: user.carrierId,
  permissions: [],
  plantIds: [],
  businessUnitIds: [],
});
/** `attach`: add or remove the object's documents. */
export type Action = 'list' | 'read' | 'follow' | 'change' | 'export' | 'attach';

/**
 * A staff user (type 4) sees only rows of the plants (and business units) assigned; none assigned
 * means all of the shipper's. `plantId` names the row's plant (plants.id, orders.plant_id …).
 */
export function staffPlantScope(user: StaffScope, plantId: PgColumn): SQL | undefined {
  if (user.userType !== 4) {
    return undefined;
  }
  return and(
    user.plantIds.length ? inArray(plantId, user.plantIds) : undefined,
    user.businessUnitIds.length
      ? inArray(plantId, sql`(select id from plants where business_unit_id in ${user.businessUnitIds})`)
      : undefined,
  );
}

/**
 * The business units a staff user (type 4) sees: those assigned, or all of the shipper's when none
 * is. `unitId` names the row's business unit (business_units.id).
 */
export function staffBusinessUnitScope(user: StaffScope, unitId: PgColumn): SQL | undefined {
  return user.userType === 4 && user.businessUnitIds.length ? inArray(unitId, user.businessUnitIds) : undefined;
}
