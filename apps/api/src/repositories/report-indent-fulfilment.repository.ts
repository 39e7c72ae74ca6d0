import { and, type SQL, sql } from 'drizzle-orm';
import type { SummaryParams } from '@freightdesk/shared/schemas/report';
import { rfqLanes } from '../db/schema/contracts.ts';
import { indentAllocations, indents } from '../db/schema/indents.ts';
import { commonFilters, percent, type ReportStatements } from './report-summary.repository.ts';
import { indentLaneName } from './common/lane-names.ts';

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

/** The indent-fulfilment report's statements (modules/reports/indent-fulfilment.ts). */
export const indentFulfilmentStatements: ReportStatements = {
  rows: (scope, p) => sql`select ${rfqLanes.originLabel} || ' → ' || ${rfqLanes.destinationLabel} as "lane", ${figures}
    from ${from} where ${where(scope, p)} group by ${rfqLanes.id} order by "vehiclesAsked" desc, "lane", ${rfqLanes.id}`,
  totals: (scope, p) => sql`select ${figures} from ${from} where ${where(scope, p)}`,
  lanes: { from: sql`${i} join ${rfqLanes} on ${rfqLanes.id} = ${i.laneId}`, lane: indentLaneName },
};
