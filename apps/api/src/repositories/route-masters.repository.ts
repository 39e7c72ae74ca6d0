import { masterOptionRows } from '@freightdesk/shared/schemas/answers-masters';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { RouteMaster, RouteMasterInputParsed, RouteMasterListQuery } from '@freightdesk/shared/schemas/route-master';
import type { DbOrTx } from '../db/client.ts';
import { stops } from '../db/schema/locations.ts';
import { plants } from '../db/schema/plants.ts';
import { routeMasters, routePoints } from '../db/schema/routes.ts';
import { badRequest } from '../lib/errors.ts';
import { checkPlantRef } from './common/references.ts';
import { withIsoDates } from './common/rows.ts';
import { industryOf } from '../lib/access.ts';
import type { OptionsSpec } from './common/options.ts';
import type { Actor, ResourceSpec } from '../lib/resource-spec.ts';

/** Route masters (issue 32): their picker, rows, reference checks and points, scoped to the shipper. */

export const routeMasterOptions: OptionsSpec = {
  answer: masterOptionRows.routeMaster,
  master: 'routeMasters',
  tag: 'route masters',
  table: routeMasters,
  columns: { id: routeMasters.id, label: routeMasters.name, name: routeMasters.name, distanceKm: routeMasters.distanceKm },
  label: routeMasters.name,
  scope: (user) => eq(routeMasters.industryId, industryOf(user)),
  offered: eq(routeMasters.status, 'active'),
  search: [routeMasters.name],
  order: [asc(routeMasters.name), asc(routeMasters.id)],
};

async function checkStops(tx: DbOrTx, industryId: number, ids: number[], field: string) {
  if (!ids.length) {
    return;
  }
  const [row] = await tx
    .select({ n: count() })
    .from(stops)
    .where(and(eq(stops.industryId, industryId), inArray(stops.id, ids)));
  if (row?.n !== ids.length) {
    throw badRequest(field, 'Choose locations of your own company.');
  }
}

async function check(tx: DbOrTx, actor: Actor, input: RouteMasterInputParsed) {
  await checkPlantRef(tx, actor.industryId, input.originPlantId, 'originPlantId');
  await checkStops(tx, actor.industryId, input.originStopId ? [input.originStopId] : [], 'originStopId');
  await checkStops(tx, actor.industryId, input.destinationStopIds, 'destinationStopIds');
  await checkStops(tx, actor.industryId, input.viaStopIds, 'viaStopIds');
}

async function savePoints(tx: DbOrTx, id: number, input: RouteMasterInputParsed) {
  await tx.delete(routePoints).where(eq(routePoints.routeId, id));
  const points = [
    ...input.viaStopIds.map((stopId) => ({ role: 'via' as const, stopId })),
    ...input.destinationStopIds.map((stopId) => ({ role: 'destination' as const, stopId })),
  ];
  await tx.insert(routePoints).values(points.map((p, seq) => ({ ...p, seq, routeId: id })));
}

const pointIds = (role: string) =>
  sql<
    number[]
  >`coalesce((select array_agg(p.stop_id order by p.seq) from route_points p where p.route_id = route_masters.id and p.role = ${role}), '{}')`;

export const routeMasterSpec: ResourceSpec<RouteMaster, RouteMasterInputParsed, RouteMasterListQuery> = {
  entity: 'route-master',
  label: 'Route',
  table: routeMasters,
  select: {
    id: routeMasters.id,
    name: routeMasters.name,
    originPlantId: routeMasters.originPlantId,
    originStopId: routeMasters.originStopId,
    originName: sql<string>`coalesce(${plants.name}, (select s.name from stops s where s.id = route_masters.origin_stop_id))`.as(
      'origin_name',
    ),
    destinationStopIds: pointIds('destination').as('destination_stop_ids'),
    viaStopIds: pointIds('via').as('via_stop_ids'),
    destinationNames: sql<
      string[]
    >`coalesce((select array_agg(s.name order by p.seq) from route_points p join stops s on s.id = p.stop_id where p.route_id = route_masters.id and p.role = 'destination'), '{}')`.as(
      'destination_names',
    ),
    distanceKm: routeMasters.distanceKm,
    transitHours: routeMasters.transitHours,
    status: routeMasters.status,
    createdAt: routeMasters.createdAt,
    updatedAt: routeMasters.updatedAt,
  },
  joins: [{ table: plants, on: eq(plants.id, routeMasters.originPlantId) }],
  search: [routeMasters.name, plants.name],
  sorts: { name: routeMasters.name, distanceKm: routeMasters.distanceKm, createdAt: routeMasters.createdAt },
  filters: (q) => [q.status ? eq(routeMasters.status, q.status) : undefined],
  toRow: withIsoDates<RouteMaster>,
  toValues: ({ destinationStopIds: _d, viaStopIds: _v, ...rest }) => rest,
  check,
  afterWrite: (tx, _actor, id, input) => savePoints(tx, id, input),
};
