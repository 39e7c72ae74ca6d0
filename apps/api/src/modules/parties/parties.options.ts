import { and, asc, eq, sql } from 'drizzle-orm';
import type { PartyKind } from '@freightdesk/shared/schemas/party';
import { parties, partyAddresses } from '../../db/schema/parties.ts';
import { industryOf } from '../../lib/access.ts';
import type { OptionsSpec } from '../../lib/options.ts';

const label = sql<string>`${parties.company} || ' — ' || ${partyAddresses.label} || ', ' || ${partyAddresses.city}`;

/** Client or vendor addresses (one option per address, labelled with its company) for drop-off and pickup pickers. */
export const addressOptions = (kind: PartyKind): OptionsSpec => ({
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
