import { and, type SQL, sql } from 'drizzle-orm';
import type { SummaryParams } from '@freightdesk/shared/schemas/report';
import { rfqLanes } from '../../db/schema/contracts.ts';
import { indentAllocations, indents } from '../../db/schema/indents.ts';
import { indentsFor } from '../../lib/policy.ts';
import { commonFilters, percent, type SummaryReport } from './summary.ts';
import { indentLaneName } from '../../lib/lane-names.ts';

const i = indents;
const a = indentAllocations;

/** The vehicles each indent's primary carrier and its backups accepted. */
const took = sql`left join lateral (select
    coalesce(sum(${a.vehiclesAccepted}) filter (where ${a.role} = 'primary'), 0) as "primaryVehicles",
    coalesce(sum(${a.vehiclesAccepted}) filter (where ${a.role} = 'backup'), 0) as "backupVehicles"
  from ${a} where ${a.indentId} = ${i.id}) took on true`;
const from = sql`${i} join ${rfqLanes} on ${rfqLanes.id} = ${i.laneId} ${took}`;

const where = (scope: SQL, p: SummaryParams) =>
  and(
    scope,
    commonFilters(p, { plantId: i.plantId, direction: i.requestType, day: i.reportingAt, lane: indentLaneName }),
    // A carrier's indents: those that asked it (a backup still queued behind others was not asked).
    p.carrierLinkId
      ? sql`exists (select 1 from ${a} where ${a.indentId} = ${i.id} and ${a.industryCarrierId} = ${p.carrierLinkId}
          and ${a.offeredAt} is not null)`
      : undefined,
  );

const count = (of: SQL) => sql`coalesce(sum(${of}), 0)::int`;
const figures = sql`count(*)::int as "indents",
  ${count(sql`${i.vehicles}`)} as "vehiclesAsked",
  ${count(sql`took."primaryVehicles"`)} as "acceptedPrimary",
  ${count(sql`took."backupVehicles"`)} as "acceptedBackup",
  ${count(sql`${i.spotVehicles}`)} as "spotVehicles",
  (count(*) filter (where ${i.status} = 'cancelled'))::int as "cancelled",
  ${percent(sql`sum(${i.acceptedVehicles})`, sql`sum(${i.vehicles})`)} as "fulfilmentPercent"`;

/**
 * Indent fulfilment per contracted lane (labelled "origin → destination" as the indents module
 * names it): the indents reporting in the range, the vehicles they asked for, how many the
 * primary carrier and the backups accepted, how many went to spot, the indents cancelled, and
 * the vehicles accepted of those asked (a cancelled indent's vehicles stay asked).
 */
export const indentFulfilmentReport: SummaryReport = {
  name: 'indent-fulfilment',
  description: 'Per contracted lane: indents, vehicles asked, accepted by the primary carrier and by backups, gone to spot, cancelled.',
  dateLabel: 'Reporting Date',
  columns: () => [
    { key: 'lane', label: 'Lane', kind: 'text' },
    { key: 'indents', label: 'Indents', kind: 'count' },
    { key: 'vehiclesAsked', label: 'Vehicles asked', kind: 'count' },
    { key: 'acceptedPrimary', label: 'Accepted by primary', kind: 'count' },
    { key: 'acceptedBackup', label: 'Accepted by backups', kind: 'count' },
    { key: 'spotVehicles', label: 'Went to spot', kind: 'count' },
    { key: 'cancelled', label: 'Indents cancelled', kind: 'count' },
    { key: 'fulfilmentPercent', label: 'Fulfilment %', kind: 'percent' },
  ],
  scope: (viewer) => indentsFor(viewer, 'export'),
  refused: "You need the 'list-indent' permission for this report.",
  rows: (scope, p) => sql`select ${rfqLanes.originLabel} || ' → ' || ${rfqLanes.destinationLabel} as "lane", ${figures}
    from ${from} where ${where(scope, p)} group by ${rfqLanes.id} order by "vehiclesAsked" desc, "lane", ${rfqLanes.id}`,
  totals: (scope, p) => sql`select ${figures} from ${from} where ${where(scope, p)}`,
  lanes: { from: sql`${i} join ${rfqLanes} on ${rfqLanes.id} = ${i.laneId}`, lane: indentLaneName },
};
