import { type SQL, sql } from 'drizzle-orm';

// Which carriers a request invites (part of lib/policy: the request rules, the bid view and the
// notifications read these, never their own copy).

/**
 * Every (request, shipper, link) a carrier's active links are invited on, directly or through a
 * group: the one rule of who a request invites. Read from the carrier's own links and invites
 * (indexed by carrier, migration 0033).
 */
function invitesOf(carrierId: number | SQL) {
  return sql`(select i.request_id, ic.industry_id, ic.id as link_id from industry_carriers ic
        join request_invites i on i.industry_carrier_id = ic.id
      where ic.carrier_id = ${carrierId} and ic.status = 'active'
    union all
    select g.request_id, ic.industry_id, ic.id from industry_carriers ic
        join carrier_group_members m on m.industry_carrier_id = ic.id
        join request_invite_groups g on g.group_id = m.group_id
      where ic.carrier_id = ${carrierId} and ic.status = 'active')`;
}

/** The carrier's active link that a request invites, directly or through a group (SQL scalar, null if none). */
export function invitedLink(carrierId: number | SQL) {
  return sql`(select v.link_id from ${invitesOf(carrierId)} v
      where v.request_id = transport_requests.id and v.industry_id = transport_requests.industry_id limit 1)`;
}

/**
 * The requests a carrier is invited to, as (request, shipper) pairs: so a carrier's list never runs
 * a subquery per request of the platform.
 */
export function invitedRequests(carrierId: number) {
  return sql`(select v.request_id, v.industry_id from ${invitesOf(carrierId)} v)`;
}
