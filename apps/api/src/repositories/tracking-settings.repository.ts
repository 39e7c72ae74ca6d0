import { eq, inArray } from 'drizzle-orm';
import type { TrackingSettingsInput } from '@freightdesk/shared/schemas/tracking-settings';
import type { DbOrTx } from '../db/client.ts';
import { trackingSettings } from '../db/schema/settings.ts';
import { lockVersion } from '../lib/version-check.ts';

/** Tracking settings (issue 32): one row per shipper, each statement naming its shippers. */

const t = trackingSettings;
export type TrackingSettingsRow = typeof t.$inferSelect;

/** The saved rows of these shippers (a shipper without one keeps the defaults). */
export const trackingSettingsRowsQuery = (db: DbOrTx, industryIds: number[]) =>
  db.select().from(t).where(inArray(t.industryId, industryIds));

export async function trackingSettingsRow(db: DbOrTx, industryId: number): Promise<TrackingSettingsRow | undefined> {
  const [row] = await db.select().from(t).where(eq(t.industryId, industryId));
  return row;
}

/** Inserts the shipper's first row; undefined when it has one already (the unique index decides). */
export async function insertTrackingSettings(
  tx: DbOrTx,
  industryId: number,
  input: TrackingSettingsInput,
): Promise<TrackingSettingsRow | undefined> {
  const [made] = await tx
    .insert(t)
    .values({ industryId, ...input })
    .onConflictDoNothing()
    .returning();
  return made;
}

/** Locks the shipper's row against a save since `expected` (409 STALE). */
export const lockTrackingSettings = (tx: DbOrTx, industryId: number, expected: Date | undefined, entity: string) =>
  lockVersion(tx, { table: t, where: eq(t.industryId, industryId), expected, label: 'tracking settings', entity });

export async function updateTrackingSettingsRow(tx: DbOrTx, industryId: number, input: TrackingSettingsInput): Promise<void> {
  await tx
    .update(t)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(t.industryId, industryId));
}
