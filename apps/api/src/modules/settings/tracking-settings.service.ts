import {
  DEFAULT_TRACKING_SETTINGS,
  TRACKING_SETTINGS_DEFAULT_VERSION,
  type TrackingSettings,
  type TrackingSettingsInput,
} from '@freightdesk/shared/schemas/tracking-settings';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import {
  insertTrackingSettings,
  lockTrackingSettings,
  type TrackingSettingsRow,
  trackingSettingsRow,
  trackingSettingsRowsQuery,
  updateTrackingSettingsRow,
} from '../../repositories/tracking-settings.repository.ts';

const ENTITY = 'tracking-settings';

const valuesOf = (row: TrackingSettingsRow): TrackingSettingsInput => ({
  haltMinutes: row.haltMinutes,
  noSignalMinutes: row.noSignalMinutes,
  publicLinkGraceHours: row.publicLinkGraceHours,
  simPingMinutes: row.simPingMinutes,
  arrivalDwellMinutes: row.arrivalDwellMinutes,
});

/**
 * The tracking settings of these shippers, in one query: every id asked for is in the map, with
 * the defaults for a shipper that never saved its own. The trip scan reads it once per pass, the
 * public links and the phone-SIM poller per shipper.
 */
export async function trackingSettingsOf(db: DbOrTx, industryIds: number[]): Promise<Map<number, TrackingSettingsInput>> {
  const ids = [...new Set(industryIds)];
  const map = new Map(ids.map((id) => [id, DEFAULT_TRACKING_SETTINGS]));
  if (!ids.length) {
    return map;
  }
  for (const row of await trackingSettingsRowsQuery(db, ids)) {
    map.set(row.industryId, valuesOf(row));
  }
  return map;
}

/** One shipper's settings (the defaults while it has none of its own). */
export async function trackingSettingsFor(db: DbOrTx, industryId: number): Promise<TrackingSettingsInput> {
  return (await trackingSettingsOf(db, [industryId])).get(industryId) ?? DEFAULT_TRACKING_SETTINGS;
}

/** What the settings page shows: the values, whether they are the defaults, and their version. */
export async function getTrackingSettings(db: DbOrTx, industryId: number, retentionDays: number): Promise<TrackingSettings> {
  const row = await trackingSettingsRow(db, industryId);
  if (!row) {
    return { ...DEFAULT_TRACKING_SETTINGS, isDefault: true, retentionDays, updatedAt: TRACKING_SETTINGS_DEFAULT_VERSION };
  }
  return { ...valuesOf(row), isDefault: false, retentionDays, updatedAt: row.updatedAt.toISOString() };
}

/**
 * Saves a shipper's settings, audited. `expected` is the version the form loaded (If-Match): the
 * row's `updatedAt`, or the defaults' version while there is no row; a save made meanwhile by
 * someone else is refused (409 STALE). The insert is tried first: two first saves at once meet on
 * the unique index, the later one waits for the earlier's commit and is then checked against its
 * row. (Checking first would let the later one find no row, then find the earlier's row committed
 * and overwrite it unchecked.)
 */
export async function updateTrackingSettings(
  db: Db,
  actor: { id: number; industryId: number },
  input: TrackingSettingsInput,
  expected: Date | undefined,
  retentionDays: number,
): Promise<TrackingSettings> {
  await db.transaction(async (tx) => {
    const made = await insertTrackingSettings(tx, actor.industryId, input);
    if (made) {
      await audit(tx, actor, made.id, 'create', undefined, input);
      return;
    }
    await lockTrackingSettings(tx, actor.industryId, expected, ENTITY);
    const before = await trackingSettingsRow(tx, actor.industryId);
    if (!before) {
      throw new Error('tracking settings: the row vanished inside its own transaction');
    }
    await updateTrackingSettingsRow(tx, actor.industryId, input);
    await audit(tx, actor, before.id, 'update', valuesOf(before), input);
  });
  return getTrackingSettings(db, actor.industryId, retentionDays);
}

function audit(tx: DbOrTx, actor: { id: number; industryId: number }, id: number, action: string, from: unknown, to: unknown) {
  return writeAudit(tx, { industryId: actor.industryId, actorUserId: actor.id, entity: ENTITY, entityId: id, action, from, to });
}
