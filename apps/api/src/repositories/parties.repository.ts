import { masterOptionRows } from '@freightdesk/shared/schemas/answers-masters';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Party, PartyInputParsed, PartyKind, PartyListQuery } from '@freightdesk/shared/schemas/party';
import type { DbOrTx } from '../db/client.ts';
import { parties, partyAddresses, partyContacts } from '../db/schema/parties.ts';
import { industryOf } from '../lib/access.ts';
import { badRequest } from '../lib/errors.ts';
import type { OptionsSpec } from './common/options.ts';
import { withIsoDates } from './common/rows.ts';
import { tenantResource } from '../lib/tenant-resource.ts';

/** A shipper's clients and vendors (tenant-scoped through tenantResource), their addresses and contacts. */

type Child = { id?: number };
type ChildTable = typeof partyAddresses | typeof partyContacts;

/**
 * Saves a party's addresses or contacts keeping their ids (requests point at addresses):
 * rows with an id are updated, rows without are added, rows left out are removed.
 */
async function saveChildren<T extends Child>(tx: DbOrTx, table: ChildTable, field: string, partyId: number, rows: T[]) {
  const existing = new Set(
    (
      await tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(eq(table.partyId, partyId))
    ).map((r) => r.id as number),
  );
  const kept: number[] = [];
  for (const [i, row] of rows.entries()) {
    const { id, ...values } = row;
    if (id === undefined) {
      continue;
    }
    if (!existing.has(id)) {
      throw badRequest(`${field}.${i}.id`, 'This entry does not belong to the record.');
    }
    kept.push(id);
    await tx
      .update(table)
      .set(values as never)
      .where(eq(table.id, id));
  }
  await tx.delete(table).where(and(eq(table.partyId, partyId), kept.length ? notInArray(table.id, kept) : undefined));
  const added = rows.filter((r) => r.id === undefined).map(({ id: _id, ...values }) => ({ ...values, partyId }));
  if (added.length) {
    await tx.insert(table).values(added as never);
  }
}

const addressesJson = sql<
  Party['addresses']
>`coalesce((select json_agg(json_build_object('id', a.id, 'label', a.label, 'address', a.address, 'city', a.city, 'state', a.state, 'pincode', a.pincode, 'latitude', a.latitude, 'longitude', a.longitude) order by a.id) from party_addresses a where a.party_id = parties.id), '[]'::json)`;
const contactsJson = sql<
  Party['contacts']
>`coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'designation', c.designation, 'mobile', c.mobile, 'email', c.email) order by c.id) from party_contacts c where c.party_id = parties.id), '[]'::json)`;

/** Clients or vendors of one shipper, with their addresses and contacts. */
export function partyResource(kind: PartyKind) {
  return tenantResource<Party, PartyInputParsed, PartyListQuery>({
    entity: kind,
    label: kind === 'client' ? 'Client' : 'Vendor',
    table: parties,
    scope: eq(parties.kind, kind),
    select: {
      id: parties.id,
      company: parties.company,
      gstin: parties.gstin,
      contactName: parties.contactName,
      mobile: parties.mobile,
      email: parties.email,
      status: parties.status,
      addresses: addressesJson.as('addresses'),
      contacts: contactsJson.as('contacts'),
      createdAt: parties.createdAt,
      updatedAt: parties.updatedAt,
    },
    search: [parties.company, parties.gstin, parties.contactName, parties.mobile],
    sorts: { company: parties.company, status: parties.status, createdAt: parties.createdAt },
    filters: (q) => [
      q.status ? eq(parties.status, q.status) : undefined,
      q.city ? inArray(parties.id, sql`(select a.party_id from party_addresses a where a.city ilike ${q.city})`) : undefined,
    ],
    unique: { parties_industry_kind_gstin: ['gstin', `Another ${kind} already has this GSTIN.`] },
    toRow: withIsoDates<Party>,
    toValues: (input) => ({
      kind,
      company: input.company,
      gstin: input.gstin ?? null,
      contactName: input.contactName,
      mobile: input.mobile,
      email: input.email ?? null,
    }),
    afterWrite: async (tx, _actor, id, input) => {
      await saveChildren(tx, partyAddresses, 'addresses', id, input.addresses);
      await saveChildren(tx, partyContacts, 'contacts', id, input.contacts);
    },
  });
}

export const clientResource = partyResource('client');
export const vendorResource = partyResource('vendor');

const label = sql<string>`${parties.company} || ' — ' || ${partyAddresses.label} || ', ' || ${partyAddresses.city}`;

/** Client or vendor addresses (one option per address, labelled with its company) for drop-off and pickup pickers. */
export const addressOptions = (kind: PartyKind): OptionsSpec => ({
  answer: masterOptionRows.partyAddress,
  master: kind === 'client' ? 'clientAddresses' : 'vendorAddresses',
  tag: `${kind}s`,
  url: '/addresses/options',
  table: partyAddresses,
  joins: [{ table: parties, on: eq(parties.id, partyAddresses.partyId) }],
  columns: {
    id: partyAddresses.id,
    label: label.as('label'),
    partyId: parties.id,
    company: parties.company,
    city: partyAddresses.city,
  },
  label,
  scope: (user) => and(eq(parties.industryId, industryOf(user)), eq(parties.kind, kind)),
  offered: eq(parties.status, 'active'),
  search: [parties.company, partyAddresses.label, partyAddresses.city, partyAddresses.pincode],
  order: [asc(parties.company), asc(partyAddresses.label), asc(partyAddresses.id)],
});
