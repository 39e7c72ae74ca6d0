import { type SQL, sql } from 'drizzle-orm';

// Which carriers a request invites (part of lib/policy: the request rules, the bid view and the
// notifications read these, never their own copy).

/** The carrier's active link that a request invites, directly or through a group (SQL scalar, null if none). */
export function invitedLink(carrierId: number | SQL) {
  return sql`(select ic.id from industry_carriers ic
      where ic.carrier_id = ${carrierId} and ic.industry_id = transport_requests.industry_id and ic.status = 'active'
        and (exists (select 1 from request_invites i where i.request_id = transport_requests.id and i.industry_carrier_id = ic.id)
          or exists (select 1 from request_invite_groups g join carrier_group_members m on m.group_id = g.group_id
                     where g.request_id = transport_requests.id and m.industry_carrier_id = ic.id))
      limit 1)`;
}

/**
 * The requests a carrier is invited to on an active link, directly or through a group, as (request,
 * shipper) pairs: the same rule as `invitedLink`, read from the carrier's own links and invites
 * (indexed by carrier, migration 0033), so a carrier's list never runs a subquery per request of
 * the platform.
 */
export function invitedRequests(carrierId: number) {
  return sql`(select i.request_id, ic.industry_id from industry_carriers ic
        join request_invites i on i.industry_carrier_id = ic.id
      where ic.carrier_id = ${carrierId} and ic.status = 'active'
    union all
    select g.request_id, ic.industry_id from industry_carriers ic
        join carrier_group_members m on m.industry_carrier_id = ic.id
        join request_invite_groups g on g.group_id = m.group_id
      where ic.carrier_id = ${carrierId} and ic.status = 'active')`;
}
