import { and, eq, ilike, sql } from 'drizzle-orm';
import type { RequestListQuery, TransportRequest } from '@freightdesk/shared/schemas/request';
import type { DbOrTx } from '../db/client.ts';
import { plants } from '../db/schema/plants.ts';
import { transportRequests } from '../db/schema/requests.ts';
import { inDays, isoColumn, rupeesColumn } from './common/rows.ts';
import { reused } from './common/prepared.ts';
import { matchingIds } from './common/list-page.ts';
import { likePattern } from './common/pagination.ts';
import { type Actor, tenantResource } from '../lib/tenant-resource.ts';
import { type StaffScope, staffPlantScope } from '../lib/policy.ts';

const r = transportRequests;

/** The shipper user acting; `staff` narrows a staff user to the plants assigned. */
export type RequestActor = Actor & { staff?: StaffScope };

/** What a staff user may see of requests (undefined: everything of the tenant). */
export const requestScope = (actor: RequestActor) => (actor.staff ? staffPlantScope(actor.staff, r.plantId) : undefined);

/** The search's plant names as the shipper's plant ids. */
const plantNames = (db: DbOrTx, industryId: number, search: string) => {
  const where = and(eq(plants.industryId, industryId), ilike(plants.name, likePattern(search)));
  const found = () => db.select({ id: plants.id }).from(plants).where(where);
  return matchingIds(r.plantId, (n) => reused(found().limit(n)), found());
};

/** The search as a whole ERP reference (exact, through the company's unique index; issue 34). */
const externalRefs = async (_db: DbOrTx, _industryId: number, search: string) => eq(r.externalRef, search.trim());

/** A request's row as the lists and pages show it, with the names of its references. */
const select = {
  id: r.id,
  number: r.number,
  requestType: r.requestType,
  status: r.status,
  plantId: r.plantId,
  plantName: sql<string>`(select p.name from plants p where p.id = transport_requests.plant_id)`.as('plant_name'),
  pickupAddressId: r.pickupAddressId,
  // An inbound load's vendor and its address ("Ganesh Auto Castings, Bhosari works"); none outbound (the plant).
  pickupLabel: sql<string | null>`(select p.company || ', ' || a.label from party_addresses a join parties p on p.id = a.party_id
    where a.id = transport_requests.pickup_address_id)`.as('pickup_label'),
  dropoffs:
    sql`coalesce((select json_agg(json_build_object('addressId', d.address_id, 'stopId', d.stop_id, 'label', coalesce(a.label || ', ' || a.city, s.name || ', ' || s.city)) order by d.seq) from request_dropoffs d left join party_addresses a on a.id = d.address_id left join stops s on s.id = d.stop_id where d.request_id = transport_requests.id), '[]'::json)`.as(
      'dropoffs',
    ),
  productId: r.productId,
  productName: sql<string | null>`(select p.name from products p where p.id = transport_requests.product_id)`.as('product_name'),
  packageId: r.packageId,
  quantity: r.quantity,
  weightTonnes: r.weightTonnes,
  vehicleTypeId: r.vehicleTypeId,
  vehicleTypeName: sql<string>`(select v.name from vehicle_types v where v.id = transport_requests.vehicle_type_id)`.as(
    'vehicle_type_name',
  ),
  vehicleCount: r.vehicleCount,
  pickupAt: isoColumn(r.pickupAt),
  bidStartAt: isoColumn(r.bidStartAt),
  bidEndAt: isoColumn(r.bidEndAt),
  targetPriceRupees: rupeesColumn(r.targetPricePaise),
  priceBasis: r.priceBasis,
  carrierLinkIds:
    sql`coalesce((select array_agg(i.industry_carrier_id order by i.industry_carrier_id) from request_invites i where i.request_id = transport_requests.id), '{}')`.as(
      'carrier_link_ids',
    ),
  groupIds:
    sql`coalesce((select array_agg(g.group_id order by g.group_id) from request_invite_groups g where g.request_id = transport_requests.id), '{}')`.as(
      'group_ids',
    ),
  hideMaterial: r.hideMaterial,
  remarks: r.remarks,
  externalRef: r.externalRef,
  createdAt: isoColumn(r.createdAt),
  updatedAt: isoColumn(r.updatedAt),
};

/** Transport requests of one direction, as the shipper sees them. */
export function requestResource(requestType: 1 | 2) {
  return tenantResource<TransportRequest, never, RequestListQuery>({
    entity: 'request',
    label: 'Request',
    table: r,
    scope: eq(r.requestType, requestType),
    select,
    search: [],
    numbers: [r.number],
    searchRefs: [plantNames, externalRefs],
    sorts: { number: r.number, pickupAt: r.pickupAt, bidEndAt: r.bidEndAt, createdAt: r.createdAt },
    filters: (q) => [
      q.status ? eq(r.status, q.status) : undefined,
      q.plantId ? eq(r.plantId, q.plantId) : undefined,
      q.externalRef ? eq(r.externalRef, q.externalRef) : undefined,
      q.carrierLinkId
        ? sql`exists (select 1 from request_invites i where i.request_id = transport_requests.id and i.industry_carrier_id = ${q.carrierLinkId})`
        : undefined,
      inDays(r.pickupAt, q.pickupFrom, q.pickupTo),
    ],
    toRow: (raw) => raw as TransportRequest,
    toValues: () => ({}),
  });
}

export const requestResources = { 1: requestResource(1), 2: requestResource(2) } as const;
